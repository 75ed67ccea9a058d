package io.clirbench.core.stats;

/**
 * The Wilson score interval of a proportion (METRICS.md §3 "Proportions").
 *
 * @param low  lower bound
 * @param high upper bound
 */
public record WilsonInterval(double low, double high) {

    /** The normal quantile of a two-sided 95% interval. */
    public static final double Z95 = 1.959963984540054;

    /** The 95% interval of {@code hits} successes out of {@code n} (n > 0). */
    public static WilsonInterval of95(int hits, int n) {
        return of(hits, n, Z95);
    }

    /** The Wilson interval with normal quantile {@code z}. */
    public static WilsonInterval of(int hits, int n, double z) {
        if (n <= 0 || hits < 0 || hits > n) {
            throw new IllegalArgumentException("Wilson interval needs 0 <= hits <= n and n > 0, got " + hits + "/" + n);
        }
        double p = (double) hits / n;
        double z2 = z * z;
        double denominator = 1 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denominator;
        double half = z / denominator * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        return new WilsonInterval(Math.max(0, centre - half), Math.min(1, centre + half));
    }
}
