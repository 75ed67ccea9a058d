package io.clirbench.core.stats;

import java.util.Arrays;

/**
 * The nearest-rank percentile {@code D_C} of METRICS.md §2 (coverage depths and their bootstrap standard error,
 * {@link DepthBootstrap}).
 */
public final class NearestRankPercentile {

    private NearestRankPercentile() {
    }

    /**
     * The 0-based index {@code ceil(C·n) − 1}, clamped to {@code [0, n−1]}. {@code C·n} is taken
     * with a 1e-9 slack before the ceiling so that binary rounding (0.8 · 5 = 4.000000000000001)
     * does not push the index one place too far.
     */
    public static int nearestRankIndex(double c, int n) {
        int index = (int) Math.ceil(c * n - 1e-9) - 1;
        return Math.max(0, Math.min(n - 1, index));
    }

    /**
     * {@code D_C(values)}: sort ascending (not retrieved, {@code Integer.MAX_VALUE}, i.e. infinity,
     * sorts last) and take the nearest-rank element. Returns NOT_RETRIEVED when censored.
     */
    public static int nearestRank(int[] values, double c) {
        if (values.length == 0) {
            throw new IllegalArgumentException("percentile of an empty set");
        }
        int[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[nearestRankIndex(c, sorted.length)];
    }
}
