package io.clirbench.core.efficiency;

import java.util.Arrays;

/**
 * Percentiles by the nearest-rank rule: with the {@code n} values sorted ascending as {@code x[1..n]}, the p-th
 * percentile (0 &lt; p &le; 100) is {@code x[ceil(p / 100 * n)]}, always one of the values (no interpolation). So p50 of
 * 10 values is the 5th smallest and p99 of 10 values is the largest; p99 of 1,000 values is the 990th smallest.
 */
public final class NearestRank {

    private NearestRank() {
    }

    /**
     * The {@code percent}-th percentile of {@code values} (not changed), or {@code null} when there are none.
     *
     * @param percent in (0, 100]
     */
    public static Long of(long[] values, int percent) {
        if (percent <= 0 || percent > 100) {
            throw new IllegalArgumentException("percentile " + percent + " is not in (0, 100]");
        }
        if (values.length == 0) {
            return null;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, percent);
    }

    /** As {@link #of}, for values already sorted ascending. */
    public static Long ofSorted(long[] sorted, int percent) {
        if (sorted.length == 0) {
            return null;
        }
        // ceil(percent * n / 100) in integer arithmetic: exact for every n (no floating-point rounding at the boundary)
        long rank = ((long) percent * sorted.length + 99) / 100;
        return sorted[(int) Math.max(1, rank) - 1];
    }
}
