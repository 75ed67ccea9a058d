package io.clirbench.core.stats;

import java.util.stream.IntStream;

/**
 * Language-stratified, family-clustered bootstrap of balanced means (METRICS.md §3). Within each
 * language the clusters are resampled with replacement, as many as there are; the language mean
 * is the drawn clusters' value sum over their value count; the replicate is the mean over the
 * languages. Several series (one per retriever, or per-retriever differences) are resampled with
 * the same draws in one pass, so comparisons between them are paired.
 */
public final class ClusteredBootstrap {

    /** Replicates per parallel task. */
    private static final int CHUNK = 64;

    private final ClusterFrame frame;
    private final int replicates;
    private final long seed;

    /** A bootstrap over the frame with {@code replicates} resamples (METRICS.md: 10,000) and a seed. */
    public ClusteredBootstrap(ClusterFrame frame, int replicates, long seed) {
        if (replicates < 1) {
            throw new IllegalArgumentException("need at least one replicate, got " + replicates);
        }
        this.frame = frame;
        this.replicates = replicates;
        this.seed = seed;
    }

    /**
     * Replicates of every series ({@code clusterSums[series][cluster]}), as {@code [series][replicate]}.
     * Replicate b takes its draws from the one stream of {@code new SplittableRandom(seed)}, at the
     * position where replicate b − 1's draws end (a stratum of n clusters draws {@code nextInt(n)}
     * n times, strata in order). Those start positions are walked first, in one pass; the
     * replicates are then computed in parallel chunks, each from its own start, so the values do
     * not depend on the number of threads and equal the sequential computation's.
     */
    public double[][] replicates(double[][] clusterSums) {
        return replicates(clusterSums, true);
    }

    /**
     * As {@link #replicates(double[][])}; with {@code parallel} false, on the calling thread: the replicates one after
     * another from the one stream, so no start positions are walked (the same values, for less work in all: the choice
     * of a caller that already runs several bootstraps at once on few cores).
     */
    public double[][] replicates(double[][] clusterSums, boolean parallel) {
        int series = clusterSums.length;
        double[][] out = new double[series][replicates];
        // cluster-major copy: the inner loop over series then reads contiguous memory
        double[] byCluster = new double[frame.clusters() * series];
        for (int r = 0; r < series; r++) {
            for (int c = 0; c < frame.clusters(); c++) {
                byCluster[c * series + r] = clusterSums[r][c];
            }
        }
        SplitMix.Bound[] bounds = new SplitMix.Bound[frame.strata()];
        for (int s = 0; s < bounds.length; s++) {
            bounds[s] = new SplitMix.Bound(frame.stratumStart(s + 1) - frame.stratumStart(s));
        }
        boolean[] unit = new boolean[frame.strata()];
        for (int s = 0; s < unit.length; s++) {
            unit[s] = frame.stratumSize(s) == bounds[s].value(); // every cluster of the stratum is one query
        }
        if (!parallel) {
            int[] drawn = new int[largestStratum(bounds)];
            SplitMix random = new SplitMix(seed); // replicate b's draws begin where b - 1's end
            for (int b = 0; b < replicates; b++) {
                replicate(b, random, bounds, unit, byCluster, drawn, out);
            }
            return out;
        }
        long[] starts = replicateStarts(bounds);
        IntStream.range(0, (replicates + CHUNK - 1) / CHUNK).parallel().forEach(chunk -> {
            int[] drawn = new int[largestStratum(bounds)];
            for (int b = chunk * CHUNK; b < Math.min(replicates, (chunk + 1) * CHUNK); b++) {
                replicate(b, new SplitMix(starts[b]), bounds, unit, byCluster, drawn, out);
            }
        });
        return out;
    }

    private static int largestStratum(SplitMix.Bound[] bounds) {
        int largest = 0;
        for (SplitMix.Bound bound : bounds) {
            largest = Math.max(largest, bound.value());
        }
        return largest;
    }

    private long[] replicateStarts(SplitMix.Bound[] bounds) {
        long[] starts = new long[replicates];
        SplitMix walk = new SplitMix(seed);
        for (int b = 0; b < replicates; b++) {
            starts[b] = walk.state();
            for (SplitMix.Bound bound : bounds) {
                walk.skip(bound, bound.value());
            }
        }
        return starts;
    }

    /**
     * Replicate b: per stratum, its draws first (the cluster indices and their query count), then
     * each series' sum over them in draw order, four series at a time in registers (the same
     * additions in the same order as one running sum per series).
     */
    private void replicate(int b, SplitMix random, SplitMix.Bound[] bounds, boolean[] unit, double[] byCluster, int[] drawn,
                           double[][] out) {
        int series = out.length;
        int strata = frame.strata();
        for (int s = 0; s < strata; s++) {
            int start = frame.stratumStart(s);
            SplitMix.Bound bound = bounds[s];
            int size = bound.value();
            long count = 0;
            if (unit[s]) {
                // clusters of one query each: the drawn clusters hold `size` queries
                for (int draw = 0; draw < size; draw++) {
                    drawn[draw] = (start + random.nextInt(bound)) * series;
                }
                count = size;
            } else {
                for (int draw = 0; draw < size; draw++) {
                    int c = start + random.nextInt(bound);
                    count += frame.clusterSize(c);
                    drawn[draw] = c * series;
                }
            }
            int r = 0;
            for (; r + 4 <= series; r += 4) {
                double a0 = 0;
                double a1 = 0;
                double a2 = 0;
                double a3 = 0;
                for (int draw = 0; draw < size; draw++) {
                    int o = drawn[draw] + r;
                    a0 += byCluster[o];
                    a1 += byCluster[o + 1];
                    a2 += byCluster[o + 2];
                    a3 += byCluster[o + 3];
                }
                out[r][b] += a0 / count;
                out[r + 1][b] += a1 / count;
                out[r + 2][b] += a2 / count;
                out[r + 3][b] += a3 / count;
            }
            if (r + 3 == series) {
                double a0 = 0;
                double a1 = 0;
                double a2 = 0;
                for (int draw = 0; draw < size; draw++) {
                    int o = drawn[draw] + r;
                    a0 += byCluster[o];
                    a1 += byCluster[o + 1];
                    a2 += byCluster[o + 2];
                }
                out[r][b] += a0 / count;
                out[r + 1][b] += a1 / count;
                out[r + 2][b] += a2 / count;
                r += 3;
            }
            for (; r < series; r++) {
                double a = 0;
                for (int draw = 0; draw < size; draw++) {
                    a += byCluster[drawn[draw] + r];
                }
                out[r][b] += a / count;
            }
        }
        for (int r = 0; r < series; r++) {
            out[r][b] /= strata;
        }
    }

    /**
     * Leave-one-family-out jackknife: for each family (every language at once) the balanced mean
     * without it, as {@code [series][family]}; a language left without values is skipped, and a
     * value is NaN when no language is left.
     */
    public double[][] jackknife(double[][] clusterSums) {
        int series = clusterSums.length;
        int strata = frame.strata();
        double[][] stratumSums = new double[series][strata];
        int[] stratumOf = new int[frame.clusters()];
        for (int s = 0; s < strata; s++) {
            for (int c = frame.stratumStart(s); c < frame.stratumStart(s + 1); c++) {
                stratumOf[c] = s;
                for (int r = 0; r < series; r++) {
                    stratumSums[r][s] += clusterSums[r][c];
                }
            }
        }
        // Clusters of each family: removing a family removes one cluster from each of its languages.
        int[][] clustersOfFamily = clustersOfFamily();
        double[][] out = new double[series][frame.families()];
        double[] removedSum = new double[strata];
        int[] removedCount = new int[strata];
        for (int f = 0; f < frame.families(); f++) {
            for (int r = 0; r < series; r++) {
                java.util.Arrays.fill(removedSum, 0);
                java.util.Arrays.fill(removedCount, 0);
                for (int c : clustersOfFamily[f]) {
                    removedSum[stratumOf[c]] += clusterSums[r][c];
                    removedCount[stratumOf[c]] += frame.clusterSize(c);
                }
                double total = 0;
                int languages = 0;
                for (int s = 0; s < strata; s++) {
                    int remaining = frame.stratumSize(s) - removedCount[s];
                    if (remaining > 0) {
                        total += (stratumSums[r][s] - removedSum[s]) / remaining;
                        languages++;
                    }
                }
                out[r][f] = languages == 0 ? Double.NaN : total / languages;
            }
        }
        return out;
    }

    private int[][] clustersOfFamily() {
        int[] counts = new int[frame.families()];
        for (int c = 0; c < frame.clusters(); c++) {
            counts[frame.familyOfCluster(c)]++;
        }
        int[][] clusters = new int[frame.families()][];
        for (int f = 0; f < clusters.length; f++) {
            clusters[f] = new int[counts[f]];
            counts[f] = 0;
        }
        for (int c = 0; c < frame.clusters(); c++) {
            int f = frame.familyOfCluster(c);
            clusters[f][counts[f]++] = c;
        }
        return clusters;
    }
}
