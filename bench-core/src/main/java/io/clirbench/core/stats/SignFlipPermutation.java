package io.clirbench.core.stats;

import java.util.SplittableRandom;

/**
 * The family sign-flip permutation test of a balanced mean of paired differences (METRICS.md §3):
 * each replicate multiplies all of a family's differences (every language) by one random sign and
 * recomputes the balanced mean {@code T*}; {@code p = (1 + #{|T*| ≥ |T_obs| − 1e-12}) / (B + 1)}.
 *
 * <p>The balanced mean is linear in the values, so {@code T* = Σ_f s_f · w_f} with {@code w_f}
 * the family's contribution to {@code T_obs}: one pass over the families per replicate.
 */
public final class SignFlipPermutation {

    private final int replicates;
    private final long seed;

    /** A test with {@code replicates} random sign patterns (METRICS.md: 10,000) and a seed. */
    public SignFlipPermutation(int replicates, long seed) {
        this.replicates = replicates;
        this.seed = seed;
    }

    /** Tests the per-query differences of the frame's domain queries. */
    public Result test(ClusterFrame frame, double[] differences) {
        double[] sums = frame.clusterSums(differences);
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
        int nonTied = 0;
        for (double d : differences) {
            if (d != 0) {
                nonTied++;
            }
        }
        String reason = Backstop.reason(differences.length, frame.families(), nonTied);
        if (reason != null) {
            return new Result(observed, null, differences.length, frame.families(), nonTied, reason);
        }
        double threshold = Math.abs(observed) - 1e-12;
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
            if (Math.abs(t) >= threshold) {
                extreme++;
            }
        }
        double p = (1.0 + extreme) / (replicates + 1.0);
        return new Result(observed, p, differences.length, frame.families(), nonTied, null);
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
