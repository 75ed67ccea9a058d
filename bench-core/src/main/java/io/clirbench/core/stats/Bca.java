package io.clirbench.core.stats;

import java.util.Arrays;

/**
 * Bias-corrected and accelerated bootstrap intervals (METRICS.md §3 "Confidence interval"):
 * bias {@code z0 = Φ⁻¹(share of replicates strictly below the point)}, acceleration from the
 * jackknife {@code a = Σ(J̄ − J_i)³ / (6 (Σ(J̄ − J_i)²)^1.5)}, percentiles interpolated linearly.
 * Falls back to the percentile interval, saying why, when z0 is degenerate, a is not finite or
 * the BCa levels are invalid; gives no interval below 100 finite replicates.
 */
public final class Bca {

    /** Fewer finite replicates than this: no interval. */
    public static final int MIN_REPLICATES = 100;

    private Bca() {
    }

    /** The interval at the given confidence level (e.g. 0.95). */
    public static Interval interval(double point, double[] replicates, double[] jackknife, double level) {
        double[] sorted = Arrays.stream(replicates).filter(Double::isFinite).sorted().toArray();
        if (sorted.length < MIN_REPLICATES) {
            return Interval.none("fewer than " + MIN_REPLICATES + " finite bootstrap replicates (" + sorted.length + ")");
        }
        double alpha = (1 - level) / 2;
        // "strictly below", with a 1e-12 slack: the point and the replicates sum the same values in a
        // different order, so a replicate equal to the point can land one ulp below it
        long below = Arrays.stream(sorted).filter(v -> v < point - 1e-12).count();
        if (below == 0 || below == sorted.length) {
            return percentile(sorted, alpha, "bias z0 is degenerate (" + below + " of " + sorted.length
                    + " replicates below the point)");
        }
        double z0 = Normal.quantile((double) below / sorted.length);
        double a = acceleration(jackknife);
        if (!Double.isFinite(a)) {
            return percentile(sorted, alpha, "acceleration is not finite (jackknife values all equal or missing)");
        }
        double low = level(z0, a, Normal.quantile(alpha));
        double high = level(z0, a, Normal.quantile(1 - alpha));
        if (!(low > 0 && low < 1 && high > 0 && high < 1 && low < high)) {
            return percentile(sorted, alpha, "BCa levels are invalid (" + low + ", " + high + ")");
        }
        return new Interval(Percentile.of(sorted, low), Percentile.of(sorted, high), "BCa", null);
    }

    private static double level(double z0, double a, double z) {
        double denominator = 1 - a * (z0 + z);
        return denominator <= 0 ? Double.NaN : Normal.cdf(z0 + (z0 + z) / denominator);
    }

    /** {@code Σ(J̄ − J_i)³ / (6 (Σ(J̄ − J_i)²)^1.5)} over the finite jackknife values. */
    static double acceleration(double[] jackknife) {
        double[] j = Arrays.stream(jackknife).filter(Double::isFinite).toArray();
        double mean = Arrays.stream(j).average().orElse(Double.NaN);
        double squares = 0;
        double cubes = 0;
        for (double v : j) {
            double d = mean - v;
            squares += d * d;
            cubes += d * d * d;
        }
        return cubes / (6 * Math.pow(squares, 1.5));
    }

    private static Interval percentile(double[] sorted, double alpha, String why) {
        return new Interval(Percentile.of(sorted, alpha), Percentile.of(sorted, 1 - alpha), "percentile", why);
    }
}
