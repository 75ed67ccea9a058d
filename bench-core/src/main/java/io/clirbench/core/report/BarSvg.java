package io.clirbench.core.report;

import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.language.Recoverability;
import io.clirbench.core.report.SvgChart.LegendItem;
import io.clirbench.core.report.SvgChart.Scale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ARI decomposition (METRICS.md §2): per run a group of bars {@code RRC@K}, {@code deep_K},
 * {@code L∞} (these three sum to 1 over Dom_X) and {@code ARI@K = L∞ / (1 − RRC@K)}, the share of
 * what is missing at K that no re-ranker of the top N can recover.
 */
final class BarSvg {

    private static final String[] COLOURS = {"#0072B2", "#56B4E9", "#D55E00", "#000000"};
    private static final int LEFT = 64;
    private static final int TOP = 20;
    private static final int HEIGHT = 380;
    /** Room under the plot for run names wrapped on up to three lines and the axis title. */
    private static final int BOTTOM = HEIGHT - 96;
    private static final int BAR = 34;
    private static final int GAP = 40;

    private BarSvg() {
    }

    /** One group of four bars per run with Dom_X; {@code null} when no run has cross-language gold. */
    static String ari(List<RunReport> runs) {
        List<RunReport> shown = runs.stream().filter(r -> !r.language().recoverability().grid().isEmpty()).toList();
        if (shown.isEmpty()) {
            return null;
        }
        int k = shown.get(0).language().recoverability().ariK();
        List<String> names = List.of("RRC@" + k, "deep_" + k, "L∞", "ARI@" + k);
        int group = names.size() * BAR + GAP;
        int right = LEFT + GAP / 2 + shown.size() * group;
        int width = Math.max(right + 120, 420);
        Scale y = Scale.linear(0, 1, BOTTOM, TOP);
        SvgChart svg = new SvgChart(width, HEIGHT, "ARI@" + k + " decomposition per run",
                "Per run: RRC@" + k + " + deep_" + k + " + L∞ = 1 over Dom_X, and ARI@" + k + " = L∞ / (1 − RRC@" + k + ").");
        svg.yAxis(y, LEFT, right, List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0), "share of Dom_X queries");
        svg.line(LEFT, BOTTOM, right, BOTTOM, "#333333", null);
        for (int g = 0; g < shown.size(); g++) {
            RunReport run = shown.get(g);
            Recoverability r = run.language().recoverability();
            Double[] values = {r.rrcAtK(), r.deep(), r.lInf(), r.ari()};
            double x0 = LEFT + GAP / 2.0 + g * group + GAP / 2.0;
            for (int b = 0; b < values.length; b++) {
                double x = x0 + b * BAR;
                if (values[b] == null) {
                    svg.text(x + BAR / 2.0, BOTTOM - 6, "n/a", "middle", "label", null, 0);
                    continue;
                }
                double top = y.at(Math.max(0, Math.min(1, values[b])));
                String value = String.format(Locale.ROOT, "%.2f", values[b]);
                svg.rect(x + 2, top, BAR - 4, Math.max(BOTTOM - top, 0.5), COLOURS[b], null,
                        run.name() + ": " + names.get(b) + " = " + String.format(Locale.ROOT, "%.3f", values[b]));
                svg.text(x + BAR / 2.0, top - 4, value, "middle", "label", null, 0);
            }
            String label = run.name() + (run.language().degenerate() ? " *" : "");
            // whole names, wrapped at separators to the width of the run's bar group (about 6 px a character)
            svg.lines(x0 + names.size() * BAR / 2.0, BOTTOM + 16, SvgChart.wrap(label, Math.max(8, names.size() * BAR / 6)),
                    "middle", "tick");
        }
        svg.text((LEFT + right) / 2.0, BOTTOM + 72, "run (* degenerate: not meaningful)", "middle", "axis", null, 0);
        List<LegendItem> legend = new ArrayList<>();
        for (int b = 0; b < names.size(); b++) {
            legend.add(LegendItem.box(names.get(b), COLOURS[b]));
        }
        svg.legend(right + 20, TOP, legend);
        return svg.end();
    }
}
