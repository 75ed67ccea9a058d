package io.clirbench.core.report;

import io.clirbench.core.metrics.language.RouteCell;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Heat-map of query language × document language for one run.
 *
 * <p>The value of a cell is the route Recall@k of METRICS.md §2 ("Route grid",
 * {@link RouteCell}): of the gold pairs {@code (q, d)} with {@code lang(q)} = row and
 * {@code lang(d)} = column, the share with {@code rank(d) <= k}. It is the only §2 number defined
 * per query language <em>and</em> document language ({@code HitRate} only splits same versus
 * cross), so it answers "how often is gold in this document language found" directly. A route
 * without gold pairs is undefined and left empty.
 */
final class HeatMapSvg {

    /** The cutoff of the heat-map (the headline cutoff); the smallest route cutoff when 10 was not computed. */
    static final int K = 10;

    private static final int LEFT = 70;
    private static final int TOP = 76;
    private static final int LEGEND_WIDTH = 70;

    private HeatMapSvg() {
    }

    /** The cutoff actually drawn for these cells: 10 when present, else the smallest; {@code null} without cells. */
    static Integer cutoff(List<RouteCell> routes) {
        TreeSet<Integer> ks = new TreeSet<>(routes.stream().map(RouteCell::k).toList());
        return ks.isEmpty() ? null : ks.contains(K) ? K : ks.first();
    }

    /** The heat-map of the run's route grid at {@link #cutoff}; {@code null} when there are no routes. */
    static String render(String run, List<RouteCell> routes) {
        Integer k = cutoff(routes);
        if (k == null) {
            return null;
        }
        List<RouteCell> cells = routes.stream().filter(c -> c.k() == k).toList();
        List<String> rows = List.copyOf(new TreeSet<>(cells.stream().map(RouteCell::from).toList()));
        List<String> columns = List.copyOf(new TreeSet<>(cells.stream().map(RouteCell::to).toList()));
        int size = Math.max(30, Math.min(56, 432 / Math.max(rows.size(), columns.size())));
        int width = LEFT + columns.size() * size + 24 + LEGEND_WIDTH;
        int height = Math.max(TOP + rows.size() * size + 20, TOP + 200);
        String title = String.format(Locale.ROOT, "Route Recall@%d heat-map of run %s: query language × document language", k, run);
        SvgChart svg = new SvgChart(width, height, title, "Share of gold (query, document) pairs found within the top "
                + k + ", by query language (rows) and document language (columns); empty cells have no gold pairs.");
        // the run is named inside the chart, so a heat-map copied out of the page still says whose it is
        svg.text(4, 16, "run " + run + " (route R@" + k + ")", "start", "axis", null, 0);
        svg.text(LEFT + columns.size() * size / 2.0, 38, "document language", "middle", "axis", null, 0);
        for (int c = 0; c < columns.size(); c++) {
            svg.text(LEFT + c * size + size / 2.0, TOP - 10, columns.get(c), "middle", "tick", null, 0);
        }
        svg.text(16, TOP + rows.size() * size / 2.0, "query language", "middle", "axis", null, -90);
        for (int r = 0; r < rows.size(); r++) {
            double y = TOP + r * size;
            svg.text(LEFT - 8, y + size / 2.0 + 4, rows.get(r), "end", "tick", null, 0);
            for (int c = 0; c < columns.size(); c++) {
                double x = LEFT + c * size;
                RouteCell cell = find(cells, rows.get(r), columns.get(c));
                if (cell == null) {
                    svg.rect(x, y, size, size, "#ffffff", "#dddddd", rows.get(r) + " → " + columns.get(c) + ": no gold pairs");
                    continue;
                }
                String tooltip = String.format(Locale.ROOT, "%s → %s: R@%d = %.3f [%.3f, %.3f], %d/%d gold pairs",
                        cell.from(), cell.to(), k, cell.recall(), cell.low(), cell.high(), cell.hits(), cell.pairs());
                svg.rect(x, y, size, size, SvgChart.sequential(cell.recall()), "#ffffff", tooltip);
                svg.text(x + size / 2.0, y + size / 2.0 + 4, String.format(Locale.ROOT, "%.2f", cell.recall()), "middle",
                        "cell" + (cell.diagonal() ? " diag" : ""), cell.recall() > 0.5 ? "#ffffff" : "#111111", 0);
            }
        }
        colourLegend(svg, LEFT + columns.size() * size + 24, TOP, k);
        return svg.end();
    }

    private static void colourLegend(SvgChart svg, double x, double top, int k) {
        int steps = 20;
        double height = 160;
        svg.text(x, top - 10, "R@" + k, "start", "axis", null, 0);
        for (int i = 0; i < steps; i++) {
            double value = 1 - (i + 0.5) / steps;
            svg.rect(x, top + i * height / steps, 16, height / steps + 0.5, SvgChart.sequential(value), null, null);
        }
        for (double tick : new double[] {1, 0.5, 0}) {
            svg.text(x + 22, top + (1 - tick) * height + 4, String.format(Locale.ROOT, "%.1f", tick), "start", "tick", null, 0);
        }
    }

    private static RouteCell find(List<RouteCell> cells, String from, String to) {
        return cells.stream().filter(c -> c.from().equals(from) && c.to().equals(to)).findFirst().orElse(null);
    }
}
