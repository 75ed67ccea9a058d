package io.clirbench.core.stats;

import java.util.Arrays;

/**
 * The 95% percentile interval of bootstrap replicates as order statistics, without interpolation: the ⌈0.025·B⌉-th and
 * ⌈0.975·B⌉-th smallest finite replicate (at least the first). Used where a report states that rule (the audit's
 * agreement, the QA judge's weighted overall); METRICS.md §3's interpolated {@link Percentile} is the other rule.
 */
public final class OrderStatisticInterval {

    private OrderStatisticInterval() {
    }

    /** {low, high}; {NaN, NaN} when no replicate is finite. */
    public static double[] of(double[] replicates) {
        double[] finite = Arrays.stream(replicates).filter(Double::isFinite).sorted().toArray();
        if (finite.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        int lo = Math.max(1, (int) Math.ceil(0.025 * finite.length));
        int hi = Math.max(1, (int) Math.ceil(0.975 * finite.length));
        return new double[] {finite[lo - 1], finite[hi - 1]};
    }
}
