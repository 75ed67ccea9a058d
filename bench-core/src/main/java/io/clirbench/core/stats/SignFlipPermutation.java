package io.clirbench.core.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The family sign-flip permutation test of a balanced mean of paired differences (METRICS.md §3):
 * each replicate multiplies all of a family's differences (every language) by one random sign and
 * recomputes the balanced mean {@code T*}; {@code p = (1 + #{|T*| ≥ |T_obs| − 1e-12}) / (B + 1)}.
 *
 * <p>The balanced mean is linear in the values, so {@code T* = Σ_f s_f · w_f} with {@code w_f}
 * the family's contribution to {@code T_obs}: one pass over the families per replicate.
 */
public final class SignFlipPermutation {

    /** Replicates per parallel task. */
    private static final int CHUNK = 128;
    private static final long ONE_BITS = Double.doubleToRawLongBits(1.0);

    private final int replicates;
    private final long seed;

    /** A test with {@code replicates} random sign patterns (METRICS.md: 10,000) and a seed. */
    public SignFlipPermutation(int replicates, long seed) {
        this.replicates = replicates;
        this.seed = seed;
    }

    /** Tests the per-query differences of the frame's domain queries. */
    public Result test(ClusterFrame frame, double[] differences) {
        return test(frame, List.of(differences)).get(0);
    }

    /**
     * Tests several series of per-query differences on one frame; each result is the one
     * {@link #test(ClusterFrame, double[])} gives for that series alone. Replicate b's signs are
     * the bits of the {@code nextLong()} draws {@code b·W … b·W + W − 1} of
     * {@code new SplittableRandom(seed)} (W = ⌈families / 64⌉; family f takes bit f mod 64 of
     * word ⌊f / 64⌋, set = flipped), so the replicates are computed in parallel chunks with the
     * same values as sequentially, whatever the number of threads, and every series sees the
     * same sign patterns.
     */
    public List<Result> test(ClusterFrame frame, List<double[]> differences) {
        List<Result> results = new ArrayList<>();
        List<double[]> weights = new ArrayList<>();
        List<Integer> tested = new ArrayList<>();
        for (double[] series : differences) {
            double[] weight = familyWeights(frame, series);
            double observed = 0;
            for (double w : weight) {
                observed += w;
            }
            int nonTied = 0;
            for (double d : series) {
                if (d != 0) {
                    nonTied++;
                }
            }
            String reason = Backstop.reason(series.length, frame.families(), nonTied);
            results.add(new Result(observed, null, series.length, frame.families(), nonTied, reason));
            if (reason == null) {
                tested.add(results.size() - 1);
                weights.add(weight);
            }
        }
        if (!tested.isEmpty()) {
            double[] threshold = tested.stream().mapToDouble(i -> Math.abs(results.get(i).statistic()) - 1e-12).toArray();
            long[] extreme = countExtreme(frame.families(), weights, threshold);
            for (int k = 0; k < tested.size(); k++) {
                Result r = results.get(tested.get(k));
                results.set(tested.get(k), new Result(r.statistic(), (1.0 + extreme[k]) / (replicates + 1.0), r.paired(),
                        r.families(), r.nonTied(), null));
            }
        }
        return results;
    }

    /** {@code w_f}: family f's contribution to the balanced mean of the differences. */
    private static double[] familyWeights(ClusterFrame frame, double[] differences) {
        double[] sums = frame.clusterSums(differences);
        double[] weight = new double[frame.families()];
        for (int s = 0; s < frame.strata(); s++) {
            for (int c = frame.stratumStart(s); c < frame.stratumStart(s + 1); c++) {
                weight[frame.familyOfCluster(c)] += sums[c] / frame.stratumSize(s) / frame.strata();
            }
        }
        return weight;
    }

    /** Per series, the replicates with {@code |T*| ≥ threshold}. */
    private long[] countExtreme(int families, List<double[]> weights, double[] threshold) {
        int series = weights.size();
        // family-major weights: the inner loop adds one signed weight to every series' statistic
        double[] byFamily = new double[families * series];
        for (int k = 0; k < series; k++) {
            for (int f = 0; f < families; f++) {
                byFamily[f * series + k] = weights.get(k)[f];
            }
        }
        int words = (families + 63) >>> 6;
        return IntStream.range(0, (replicates + CHUNK - 1) / CHUNK).parallel().mapToObj(chunk -> {
            long[] extreme = new long[series];
            double[] t = new double[series];
            for (int b = chunk * CHUNK; b < Math.min(replicates, (chunk + 1) * CHUNK); b++) {
                SplitMix random = SplitMix.at(seed, (long) b * words);
                java.util.Arrays.fill(t, 0);
                long bits = 0;
                for (int f = 0; f < families; f++) {
                    if ((f & 63) == 0) {
                        bits = random.nextLong();
                    }
                    // +1.0 or -1.0 from bit f mod 64 (set = flipped); w * -1.0 is exactly -w
                    double sign = Double.longBitsToDouble(ONE_BITS | ((bits << (63 - (f & 63))) & Long.MIN_VALUE));
                    int offset = f * series;
                    for (int k = 0; k < series; k++) {
                        t[k] += byFamily[offset + k] * sign;
                    }
                }
                for (int k = 0; k < series; k++) {
                    if (Math.abs(t[k]) >= threshold[k]) {
                        extreme[k]++;
                    }
                }
            }
            return extreme;
        }).reduce(new long[series], (a, b) -> {
            long[] sum = new long[series];
            for (int k = 0; k < series; k++) {
                sum[k] = a[k] + b[k];
            }
            return sum;
        });
    }

    /**
     * The outcome of one test.
     *
     * @param statistic      {@code T_obs}, the balanced mean of the differences
     * @param p              the permutation p-value; {@code null} when descriptive only
     * @param paired         paired observations (queries)
     * @param families       families among them
     * @param nonTied        pairs whose difference is not 0
     * @param noPValueReason why no p-value is given, else {@code null}
     */
    public record Result(double statistic, Double p, int paired, int families, int nonTied, String noPValueReason) {
    }
}
