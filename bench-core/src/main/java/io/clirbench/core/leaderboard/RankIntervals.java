package io.clirbench.core.leaderboard;

import io.clirbench.core.stats.Percentile;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Ranks of systems over shared bootstrap replicates (METRICS.md §3 "Rank intervals"): on each replicate every system is
 * ranked by its value (1 = highest, ties share the mean of the ranks they span); a system's interval is the
 * {@code (1 − level)/2} and {@code (1 + level)/2} percentiles of its ranks, linearly interpolated.
 *
 * <p>Probability of being best: a system that ranks first alone on a replicate scores 1 for it; {@code k} systems tied
 * for first place score {@code 1/k} each (their shared rank is {@code (k + 1)/2}, so "rank = 1" alone would give them
 * nothing). The probabilities then sum to 1 over the systems, and two identical systems get 0.5 each.
 */
public final class RankIntervals {

    private RankIntervals() {
    }

    /** A system's rank interval and probability of being best. */
    public record RankInterval(double low, double high, double pBest) {
    }

    /** For each system ({@code replicates[system][b]}, the same draws b for every system), its interval. */
    public static RankInterval[] of(double[][] replicates, double level) {
        int systems = replicates.length;
        int b = systems == 0 ? 0 : replicates[0].length;
        double[][] ranks = new double[systems][b];
        double[] best = new double[systems];
        double[] values = new double[systems];
        for (int r = 0; r < b; r++) {
            for (int s = 0; s < systems; s++) {
                values[s] = replicates[s][r];
            }
            double[] rank = ranks(values);
            double top = max(values);
            int tiedFirst = 0;
            for (double v : values) {
                tiedFirst += v == top ? 1 : 0;
            }
            for (int s = 0; s < systems; s++) {
                ranks[s][r] = rank[s];
                if (values[s] == top) {
                    best[s] += 1.0 / tiedFirst;
                }
            }
        }
        RankInterval[] out = new RankInterval[systems];
        for (int s = 0; s < systems; s++) {
            Arrays.sort(ranks[s]);
            out[s] = new RankInterval(Percentile.of(ranks[s], (1 - level) / 2), Percentile.of(ranks[s], (1 + level) / 2),
                    best[s] / b);
        }
        return out;
    }

    /** Ranks of {@code values}: 1 = the highest, equal values share the mean of the ranks they span. */
    public static double[] ranks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> values[i]).reversed());
        double[] rank = new double[values.length];
        int start = 0;
        while (start < order.length) {
            int end = start;
            while (end + 1 < order.length && values[order[end + 1]] == values[order[start]]) {
                end++;
            }
            double shared = (start + end) / 2.0 + 1; // ranks start+1 .. end+1
            for (int i = start; i <= end; i++) {
                rank[order[i]] = shared;
            }
            start = end + 1;
        }
        return rank;
    }

    private static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
    }
}
