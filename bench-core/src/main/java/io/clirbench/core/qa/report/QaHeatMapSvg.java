package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.report.SvgChart;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Heat-map of question language (rows) × evidence language (columns: the language of the gold paragraphs,
 * {@code mixed} when they differ) of the mean per-example F1 of one component, for one system. Cells
 * without examples stay empty; the diagonal is same-language evidence.
 */
final class QaHeatMapSvg {

    private static final int LEFT = 70;
    private static final int TOP = 56;

    private QaHeatMapSvg() {
    }

    static String render(String system, QaResult result, int component, String name) {
        Map<String, Map<String, double[]>> cells = new TreeMap<>(); // row -> column -> {sum, n}
        for (ExampleRecord e : result.examples()) {
            double[] cell = cells.computeIfAbsent(e.questionLanguage(), k -> new TreeMap<>())
                    .computeIfAbsent(e.descriptor().evidenceLanguage(), k -> new double[2]);
            cell[0] += e.score().component(component).f1();
            cell[1]++;
        }
        if (cells.isEmpty()) {
            return null;
        }
        List<String> rows = List.copyOf(cells.keySet());
        TreeSet<String> columnSet = new TreeSet<>();
        cells.values().forEach(m -> columnSet.addAll(m.keySet()));
        List<String> columns = List.copyOf(columnSet);
        int size = Math.max(30, Math.min(48, 480 / Math.max(rows.size(), columns.size())));
        int width = LEFT + columns.size() * size + 100;
        int height = Math.max(TOP + rows.size() * size + 20, TOP + 200);
        SvgChart svg = new SvgChart(width, height, name + " F1 of " + system + ": question language × evidence language",
                "Mean " + name + " F1 by question language (rows) and the language of the gold paragraphs (columns).");
        svg.text(LEFT + columns.size() * size / 2.0, 16, "evidence language", "middle", "axis", null, 0);
        svg.text(16, TOP + rows.size() * size / 2.0, "question language", "middle", "axis", null, -90);
        for (int c = 0; c < columns.size(); c++) {
            svg.text(LEFT + c * size + size / 2.0, TOP - 10, columns.get(c), "middle", "tick", null, 0);
        }
        for (int r = 0; r < rows.size(); r++) {
            double y = TOP + r * size;
            svg.text(LEFT - 8, y + size / 2.0 + 4, rows.get(r), "end", "tick", null, 0);
            for (int c = 0; c < columns.size(); c++) {
                double x = LEFT + c * size;
                double[] cell = cells.get(rows.get(r)).get(columns.get(c));
                if (cell == null) {
                    svg.rect(x, y, size, size, "#ffffff", "#dddddd", rows.get(r) + " → " + columns.get(c) + ": no examples");
                    continue;
                }
                double mean = cell[0] / cell[1];
                svg.rect(x, y, size, size, SvgChart.sequential(mean), "#ffffff",
                        String.format(Locale.ROOT, "%s → %s: %s F1 = %.3f over %d examples", rows.get(r), columns.get(c), name, mean,
                                (int) cell[1]));
                svg.text(x + size / 2.0, y + size / 2.0 + 4, String.format(Locale.ROOT, "%.2f", mean), "middle",
                        "cell" + (rows.get(r).equals(columns.get(c)) ? " diag" : ""), mean > 0.5 ? "#ffffff" : "#111111", 0);
            }
        }
        double lx = LEFT + columns.size() * size + 20;
        for (int i = 0; i < 20; i++) {
            svg.rect(lx, TOP + i * 8, 14, 8.5, SvgChart.sequential(1 - (i + 0.5) / 20), null, null);
        }
        svg.text(lx + 20, TOP + 4, "1.0", "start", "tick", null, 0);
        svg.text(lx + 20, TOP + 164, "0.0", "start", "tick", null, 0);
        return svg.end();
    }
}
