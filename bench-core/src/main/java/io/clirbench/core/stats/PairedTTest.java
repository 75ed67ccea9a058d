package io.clirbench.core.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Student's paired t-test on per-query differences (METRICS.md §3 "Other paired tests"): {@code t = mean / (s / √n)}
 * with s the sample standard deviation (n − 1), two-sided p from the t distribution with n − 1 degrees of freedom
 * (commons-math3's {@link TDistribution}: a well-kept incomplete-beta implementation rather than our own), as
 * {@code scipy.stats.ttest_rel}. Differences that are all equal (s = 0) leave t undefined: no p.
 */
public final class PairedTTest {

    private PairedTTest() {
    }

    /** Tests whether the differences' mean is 0; fewer than 2 differences or s = 0 give no p. */
    public static PairedTestResult test(double[] differences) {
        int n = differences.length;
        if (n < 2) {
            return PairedTestResult.none(n, "fewer than 2 pairs");
        }
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double d : differences) {
            sum += d;
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        if (min == max) { // tested on the values: a rounded mean would leave a tiny s and an infinite t
            return PairedTestResult.none(n, "every difference is the same");
        }
        double mean = sum / n;
        double squares = 0;
        for (double d : differences) {
            squares += (d - mean) * (d - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        double t = mean / (sd / Math.sqrt(n));
        double p = 2 * new TDistribution(null, n - 1).cumulativeProbability(-Math.abs(t));
        return new PairedTestResult(t, Math.min(1, p), null, n);
    }
}
