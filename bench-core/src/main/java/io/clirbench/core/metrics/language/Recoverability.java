package io.clirbench.core.metrics.language;

import java.util.ArrayList;
import java.util.List;

/**
 * Re-ranker recoverability over Dom_X (METRICS.md §2): {@code RRC@K = mean of [f_X <= K]} on the
 * grid, its knee {@code K*}, the unrecoverable tail {@code L∞ = 1 − RRC@N}, {@code ARI@K} and {@code deep_K}.
 * All fields are {@code null} when Dom_X is empty.
 *
 * @param grid   RRC at each grid point
 * @param knee   {@code K*}, the grid point farthest from the diagonal of the normalised curve
 * @param lInf   {@code L∞ = 1 − RRC@N}
 * @param ariK   the K of {@code ARI@K} and {@code deep_K}
 * @param ari    {@code ARI@K = L∞ / (1 − RRC@K)}; {@code null} when RRC@K = 1 or K ≥ N
 * @param deep   {@code deep_K = RRC@N − RRC@K}
 * @param rrcAtK {@code RRC@K}
 */
public record Recoverability(List<GridPoint> grid, Integer knee, Double lInf, int ariK, Double ari, Double deep,
                             Double rrcAtK) {

    /** The standard grid of K values (N = 1000). */
    public static final int[] STANDARD_GRID = {1, 2, 3, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000};

    /** One point of the RRC curve. */
    public record GridPoint(int k, double rrc) {
    }

    /**
     * The grid for depth N: below 1000 it stops at the last point below N and appends N.
     * Above 1000 (not covered by the spec) we keep the whole standard grid and append N, so the
     * curve always ends at RRC@N.
     */
    public static int[] gridFor(int depth) {
        List<Integer> grid = new ArrayList<>();
        for (int k : STANDARD_GRID) {
            if (k < depth) {
                grid.add(k);
            }
        }
        grid.add(depth);
        return grid.stream().mapToInt(Integer::intValue).toArray();
    }

    static Recoverability compute(List<QueryOutcome> outcomes, int depth, int ariK) {
        int[] firstCross = outcomes.stream().filter(QueryOutcome::hasCross).mapToInt(QueryOutcome::firstCross).toArray();
        if (firstCross.length == 0) {
            return new Recoverability(List.of(), null, null, ariK, null, null, null);
        }
        List<GridPoint> grid = new ArrayList<>();
        for (int k : gridFor(depth)) {
            grid.add(new GridPoint(k, rrc(firstCross, k)));
        }
        double rrcAtN = rrc(firstCross, depth);
        double rrcAtK = rrc(firstCross, ariK);
        double lInf = 1 - rrcAtN;
        Double ari = (rrcAtK == 1.0 || ariK >= depth) ? null : lInf / (1 - rrcAtK);
        return new Recoverability(List.copyOf(grid), knee(grid), lInf, ariK, ari, rrcAtN - rrcAtK, rrcAtK);
    }

    private static double rrc(int[] firstCross, int k) {
        int hits = 0;
        for (int f : firstCross) {
            if (f <= k) {
                hits++;
            }
        }
        return (double) hits / firstCross.length;
    }

    /**
     * {@code K*}: with {@code x = log10 K}, {@code y = RRC@K}, each normalised to [0, 1] by its first
     * and last grid values (all zeros if they are equal), the point maximising
     * {@code |x_n − y_n| / √2}; the first one on ties (differences within 1e-12 count as ties).
     */
    static int knee(List<GridPoint> grid) {
        int last = grid.size() - 1;
        double x0 = Math.log10(grid.get(0).k());
        double xSpan = Math.log10(grid.get(last).k()) - x0;
        double y0 = grid.get(0).rrc();
        double ySpan = grid.get(last).rrc() - y0;
        int best = grid.get(0).k();
        double bestDistance = Double.NEGATIVE_INFINITY;
        for (GridPoint point : grid) {
            double xn = xSpan == 0 ? 0 : (Math.log10(point.k()) - x0) / xSpan;
            double yn = ySpan == 0 ? 0 : (point.rrc() - y0) / ySpan;
            double distance = Math.abs(xn - yn) / Math.sqrt(2);
            if (distance > bestDistance + 1e-12) {
                bestDistance = distance;
                best = point.k();
            }
        }
        return best;
    }
}
