package io.clirbench.core.stats;

import java.util.Arrays;
import java.util.Comparator;

/** Holm's step-down adjustment of a family of p-values (METRICS.md §3). */
public final class Holm {

    private Holm() {
    }

    /**
     * Adjusted p-values in the input order: with the p sorted ascending, the i-th (0-based) is
     * multiplied by {@code m − i}, capped at 1, and made non-decreasing. NaN entries (tests that
     * gave no p-value) stay NaN and do not count in m.
     */
    public static double[] adjust(double[] p) {
        Integer[] order = new Integer[p.length];
        int m = 0;
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
            if (!Double.isNaN(p[i])) {
                m++;
            }
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> Double.isNaN(p[i]) ? Double.POSITIVE_INFINITY : p[i]));
        double[] adjusted = new double[p.length];
        Arrays.fill(adjusted, Double.NaN);
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }
}
