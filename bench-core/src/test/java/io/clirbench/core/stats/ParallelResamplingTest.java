package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * The parallel resampling gives exactly the values of the sequential definition: one
 * {@code new SplittableRandom(seed)} stream consumed replicate after replicate, written out here
 * the plain way (the code before parallelisation), and the same values on 1 and on 4 threads.
 */
class ParallelResamplingTest {

    private static final long SEED = 42L;

    @Test
    void splitMixIsTheJdkStreamBitForBit() {
        int[] bounds = {1, 2, 3, 7, 64, 833, 1000, 1024, 9_999, 1 << 30, (1 << 30) + 1, 1_500_000_001, Integer.MAX_VALUE};
        for (int bound : bounds) {
            SplittableRandom jdk = new SplittableRandom(SEED + bound);
            SplitMix ours = new SplitMix(SEED + bound);
            SplitMix skipping = new SplitMix(SEED + bound);
            SplitMix.Bound b = new SplitMix.Bound(bound);
            for (int i = 0; i < 20_000; i++) {
                assertThat(ours.nextInt(b)).as("draw %d below %d", i, bound).isEqualTo(jdk.nextInt(bound));
                skipping.skip(b);
                assertThat(skipping.state()).isEqualTo(ours.state()); // also past rejected candidates (bounds near 2^31)
            }
            assertThat(ours.nextLong()).isEqualTo(jdk.nextLong());
            assertThat(ours.nextInt()).isEqualTo(jdk.nextInt());
        }
        assertThat(SplitMix.at(SEED, 5).nextLong()).isEqualTo(nthLong(new SplittableRandom(SEED), 5));
    }

    @Test
    void clusteredBootstrapEqualsTheSequentialDefinitionOnAnyNumberOfThreads() throws Exception {
        ClusterFrame frame = frame(1_200, 12, 150, 3L);
        double[][] sums = new double[5][];
        SplittableRandom values = new SplittableRandom(9L);
        for (int r = 0; r < sums.length; r++) {
            sums[r] = frame.clusterSums(recallLike(frame.queries(), values));
        }
        ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, 2_001, SEED);
        double[][] expected = sequentialReplicates(frame, 2_001, SEED, sums);
        assertThat(on(1, () -> bootstrap.replicates(sums))).isDeepEqualTo(expected);
        assertThat(on(4, () -> bootstrap.replicates(sums))).isDeepEqualTo(expected);
    }

    @Test
    void signFlipEqualsTheSequentialDefinitionForEachSeriesAndAnyNumberOfThreads() throws Exception {
        ClusterFrame frame = frame(900, 12, 200, 5L); // 200 families: 4 random words per replicate
        SplittableRandom values = new SplittableRandom(11L);
        List<double[]> differences = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            double[] a = recallLike(frame.queries(), values);
            double[] b = recallLike(frame.queries(), values);
            double[] d = new double[a.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = a[i] - b[i] + (k == 0 ? 0.2 : 0); // one series with a real difference
            }
            differences.add(d);
        }
        SignFlipPermutation test = new SignFlipPermutation(3_001, SEED);
        List<SignFlipPermutation.Result> one = on(1, () -> test.test(frame, differences));
        List<SignFlipPermutation.Result> four = on(4, () -> test.test(frame, differences));
        assertThat(four).isEqualTo(one);
        for (int k = 0; k < differences.size(); k++) {
            double[] d = differences.get(k);
            assertThat(one.get(k).p()).isEqualTo(sequentialSignFlipP(frame, 3_001, SEED, d));
            assertThat(test.test(frame, d)).isEqualTo(one.get(k));
        }
        assertThat(one.get(0).p()).isLessThan(0.01);
    }

    @Test
    void depthBootstrapEqualsTheSequentialDefinitionAndSharesItsDraws() throws Exception {
        SplittableRandom random = new SplittableRandom(13L);
        int n = 1_000;
        int[][] sets = new int[3][n];
        for (int[] set : sets) {
            for (int i = 0; i < n; i++) {
                set[i] = random.nextInt(10) == 0 ? Integer.MAX_VALUE : 1 + random.nextInt(60); // ties and censored
            }
        }
        DepthBootstrap bootstrap = new DepthBootstrap(1_001, SEED);
        double[] four = on(4, () -> bootstrap.standardErrors(List.of(sets), 0.8, 100));
        double[] one = on(1, () -> bootstrap.standardErrors(List.of(sets), 0.8, 100));
        assertThat(four).containsExactly(one);
        for (int k = 0; k < sets.length; k++) {
            assertThat(one[k]).isEqualTo(sequentialDepthError(sets[k], 0.8, 100, 1_001, SEED));
            assertThat(bootstrap.standardError(sets[k], 0.8, 100)).isEqualTo(one[k]);
        }
    }

    // ---- the sequential definitions (one SplittableRandom stream, replicate after replicate) ----

    private static double[][] sequentialReplicates(ClusterFrame frame, int replicates, long seed, double[][] sums) {
        double[][] out = new double[sums.length][replicates];
        SplittableRandom random = new SplittableRandom(seed);
        for (int b = 0; b < replicates; b++) {
            for (int s = 0; s < frame.strata(); s++) {
                int start = frame.stratumStart(s);
                int size = frame.stratumStart(s + 1) - start;
                double[] drawn = new double[sums.length];
                long count = 0;
                for (int draw = 0; draw < size; draw++) {
                    int c = start + random.nextInt(size);
                    count += frame.clusterSize(c);
                    for (int r = 0; r < sums.length; r++) {
                        drawn[r] += sums[r][c];
                    }
                }
                for (int r = 0; r < sums.length; r++) {
                    out[r][b] += drawn[r] / count;
                }
            }
            for (int r = 0; r < sums.length; r++) {
                out[r][b] /= frame.strata();
            }
        }
        return out;
    }

    private static double sequentialSignFlipP(ClusterFrame frame, int replicates, long seed, double[] d) {
        double[] sums = frame.clusterSums(d);
        double[] weight = new double[frame.families()];
        for (int s = 0; s < frame.strata(); s++) {
            for (int c = frame.stratumStart(s); c < frame.stratumStart(s + 1); c++) {
                weight[frame.familyOfCluster(c)] += sums[c] / frame.stratumSize(s) / frame.strata();
            }
        }
        double observed = 0;
        for (double w : weight) {
            observed += w;
        }
        SplittableRandom random = new SplittableRandom(seed);
        int extreme = 0;
        for (int b = 0; b < replicates; b++) {
            double t = 0;
            long bits = 0;
            for (int f = 0; f < weight.length; f++) {
                if ((f & 63) == 0) {
                    bits = random.nextLong();
                }
                t += ((bits >>> (f & 63)) & 1L) == 0 ? weight[f] : -weight[f];
            }
            if (Math.abs(t) >= Math.abs(observed) - 1e-12) {
                extreme++;
            }
        }
        return (1.0 + extreme) / (replicates + 1.0);
    }

    private static double sequentialDepthError(int[] values, double c, int depth, int replicates, long seed) {
        int n = values.length;
        int[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int target = NearestRankPercentile.nearestRankIndex(c, n);
        SplittableRandom random = new SplittableRandom(seed);
        double[] depths = new double[replicates];
        for (int b = 0; b < replicates; b++) {
            int[] draw = new int[n];
            for (int i = 0; i < n; i++) {
                draw[i] = values[random.nextInt(n)];
            }
            java.util.Arrays.sort(draw);
            depths[b] = draw[target] == Integer.MAX_VALUE ? depth + 1 : draw[target];
        }
        double mean = java.util.Arrays.stream(depths).average().orElse(0);
        double squares = 0;
        for (double v : depths) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (replicates - 1));
    }

    // ---- fixtures ----

    /** Queries in {@code langs} languages, each of one of {@code families} families (several languages each). */
    private static ClusterFrame frame(int queries, int langs, int families, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> lang = new ArrayList<>();
        List<String> family = new ArrayList<>();
        for (int i = 0; i < queries; i++) {
            lang.add("l" + random.nextInt(langs));
            family.add("f" + random.nextInt(families));
        }
        return ClusterFrame.of(lang, family);
    }

    /** Values like a per-query R@10 over 1-4 gold documents: many ties, many zeros. */
    private static double[] recallLike(int n, SplittableRandom random) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            int gold = 1 + random.nextInt(4);
            v[i] = (double) random.nextInt(gold + 1) / gold;
        }
        return v;
    }

    private static long nthLong(SplittableRandom random, int skip) {
        for (int i = 0; i < skip; i++) {
            random.nextLong();
        }
        return random.nextLong();
    }

    /** Runs the task in a pool of {@code threads}: parallel streams started inside use that pool. */
    private static <T> T on(int threads, Callable<T> task) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(task).get();
        } finally {
            pool.shutdown();
        }
    }
}
