package io.clirbench.core.stats;

/** Percentiles of sorted replicates with linear interpolation between order statistics (METRICS.md §3). */
public final class Percentile {

    private Percentile() {
    }

    /** The {@code q}-quantile (0 ≤ q ≤ 1) of ascending {@code sorted}: position {@code (n−1)q}, interpolated. */
    public static double of(double[] sorted, double q) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("percentile of nothing");
        }
        double position = (sorted.length - 1) * q;
        int lower = (int) Math.floor(position);
        int upper = Math.min(lower + 1, sorted.length - 1);
        return sorted[lower] + (position - lower) * (sorted[upper] - sorted[lower]);
    }
}
