package io.clirbench.core.qa.report;

import io.clirbench.core.qa.stats.F1Interval;
import io.clirbench.core.report.SvgChart;
import io.clirbench.core.report.SvgChart.Scale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Grouped bars of one F1 (answer, support or joint) per domain (conditions, or script relations), one bar
 * per system, with the 95% interval as a whisker. The bar is the language-balanced mean the interval is
 * about (METRICS.md §4 "Uncertainty"), so bar and whisker always agree.
 */
final class QaBarsSvg {

    private static final int LEFT = 64;
    private static final int TOP = 24;
    private static final int HEIGHT = 330;
    private static final int BOTTOM = HEIGHT - 80;
    private static final int BAR = 22;
    private static final int GAP = 26;

    private QaBarsSvg() {
    }

    /** The chart; {@code null} when no interval is given for these domains. */
    static String render(QaRun run, String component, List<String> domains, List<String> labels, String what) {
        List<String> systems = List.copyOf(run.systems().keySet());
        List<String> shown = new ArrayList<>();
        List<String> shownLabels = new ArrayList<>();
        for (int d = 0; d < domains.size(); d++) {
            if (run.interval(systems.get(0), domains.get(d), component + "_f1") != null) {
                shown.add(domains.get(d));
                shownLabels.add(labels.get(d));
            }
        }
        if (shown.isEmpty()) {
            return null;
        }
        int group = Math.max(systems.size() * BAR + GAP, 96); // room for a label under each group
        int right = LEFT + GAP / 2 + shown.size() * group;
        int width = Math.max(right + 150, 460);
        Scale y = Scale.linear(0, 1, BOTTOM, TOP);
        SvgChart svg = new SvgChart(width, HEIGHT, component + " F1 per " + what + " with 95% intervals",
                "Language-balanced " + component + " F1 per " + what + " and system; whiskers: 95% BCa interval (clustered bootstrap).");
        svg.yAxis(y, LEFT, right, List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0), component + " F1");
        svg.line(LEFT, BOTTOM, right, BOTTOM, "#333333", null);
        List<SvgChart.LegendItem> legend = new ArrayList<>();
        for (int s = 0; s < systems.size(); s++) {
            legend.add(SvgChart.LegendItem.box(systems.get(s), SvgChart.runColour(s)));
        }
        for (int g = 0; g < shown.size(); g++) {
            double x0 = LEFT + GAP / 2.0 + g * group + (group - systems.size() * BAR) / 2.0;
            for (int s = 0; s < systems.size(); s++) {
                F1Interval i = run.interval(systems.get(s), shown.get(g), component + "_f1");
                double x = x0 + s * BAR;
                double top = y.at(clamp(i.balanced()));
                String tip = String.format(Locale.ROOT, "%s, %s: %s F1 = %.4f%s (n = %d)", systems.get(s), shown.get(g), component,
                        i.balanced(), i.interval().defined() ? String.format(Locale.ROOT, " [%.4f, %.4f]", i.interval().low(),
                                i.interval().high()) : " (no interval)", i.n());
                svg.rect(x + 2, top, BAR - 4, Math.max(BOTTOM - top, 0.5), SvgChart.runColour(s), null, tip);
                if (i.interval().defined()) {
                    double lo = y.at(clamp(i.interval().low()));
                    double hi = y.at(clamp(i.interval().high()));
                    double cx = x + BAR / 2.0;
                    svg.line(cx, lo, cx, hi, "#111111", null);
                    svg.line(cx - 4, lo, cx + 4, lo, "#111111", null);
                    svg.line(cx - 4, hi, cx + 4, hi, "#111111", null);
                }
            }
            svg.text(x0 + systems.size() * BAR / 2.0, BOTTOM + 16, shownLabels.get(g), "middle", "tick", null, 0);
        }
        svg.legend(right + 12, TOP, legend);
        return svg.end();
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
