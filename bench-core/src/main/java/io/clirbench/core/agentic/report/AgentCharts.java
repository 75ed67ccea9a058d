package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.LanguageRow;
import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.report.SvgChart;
import io.clirbench.core.report.SvgChart.LegendItem;
import io.clirbench.core.report.SvgChart.Scale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The charts of the agentic report, as inline SVG ({@link SvgChart}): per-language bars with 95% intervals, a
 * reliability diagram of the stated confidence, and a histogram of search calls per query.
 */
public final class AgentCharts {

    private static final int LEFT = 64;
    private static final int TOP = 20;
    private static final int HEIGHT = 320;
    private static final int BOTTOM = HEIGHT - 56;
    private static final List<Double> UNIT_TICKS = List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);

    private AgentCharts() {
    }

    /** Grouped bars per evidence language (one bar per run) of evidence recall or accuracy, with interval whiskers. */
    public static String languageBars(AgentEvaluation e, boolean recall) {
        TreeSet<String> langs = new TreeSet<>();
        e.runs().forEach(r -> r.byLanguage().forEach(l -> langs.add(l.language())));
        if (langs.isEmpty()) {
            return null;
        }
        int runs = e.runs().size();
        int bar = Math.max(6, Math.min(24, 120 / runs));
        int group = runs * bar + 14;
        int right = LEFT + langs.size() * group + 10;
        String metric = recall ? "evidence recall" : "accuracy";
        SvgChart svg = new SvgChart(Math.max(right + 170, 420), HEIGHT, metric + " per evidence language",
                "Per evidence language and run: " + metric + " with its 95% interval (" + (recall ? "BCa" : "Wilson") + ").");
        Scale y = Scale.linear(0, 1, BOTTOM, TOP);
        svg.yAxis(y, LEFT, right, UNIT_TICKS, metric);
        svg.line(LEFT, BOTTOM, right, BOTTOM, "#333333", null);
        int g = 0;
        for (String lang : langs) {
            double x0 = LEFT + 10 + g * group;
            for (int r = 0; r < runs; r++) {
                LanguageRow row = find(e.runs().get(r), lang);
                if (row == null) {
                    continue;
                }
                Double v = recall ? row.evidenceRecall() : (Double) row.accuracy();
                if (v == null) {
                    continue;
                }
                double x = x0 + r * bar;
                double top = y.at(v);
                String name = e.runs().get(r).summary().name();
                svg.rect(x + 1, top, bar - 2, Math.max(BOTTOM - top, 0.5), SvgChart.runColour(r), null,
                        String.format(Locale.ROOT, "%s, %s: %s = %.3f (n = %d)", name, lang, metric, v, row.queries()));
                Double low = recall ? (row.recallInterval().defined() ? row.recallInterval().low() : null) : (Double) row.accuracyInterval().low();
                Double high = recall ? (row.recallInterval().defined() ? row.recallInterval().high() : null) : (Double) row.accuracyInterval().high();
                if (low != null && high != null) {
                    double cx = x + bar / 2.0;
                    svg.line(cx, y.at(high), cx, y.at(low), "#222222", null);
                    svg.line(cx - 3, y.at(high), cx + 3, y.at(high), "#222222", null);
                    svg.line(cx - 3, y.at(low), cx + 3, y.at(low), "#222222", null);
                }
            }
            svg.text(x0 + runs * bar / 2.0, BOTTOM + 18, lang, "middle", "tick", null, 0);
            g++;
        }
        svg.text((LEFT + right) / 2.0, BOTTOM + 40, "evidence language", "middle", "axis", null, 0);
        svg.legend(right + 16, TOP, legend(e));
        return svg.end();
    }

    /** Reliability diagram: answers in ten confidence bins; accuracy against mean confidence per bin and run. */
    public static String reliability(AgentEvaluation e) {
        int size = 300;
        SvgChart svg = new SvgChart(LEFT + size + 200, TOP + size + 60, "reliability diagram",
                "Per run and confidence decile: accuracy against mean stated confidence; the diagonal is perfect calibration; "
                        + "the dot area grows with the number of answers.");
        Scale x = Scale.linear(0, 1, LEFT, LEFT + size);
        Scale y = Scale.linear(0, 1, TOP + size, TOP);
        svg.yAxis(y, LEFT, LEFT + size, UNIT_TICKS, "accuracy");
        svg.xAxis(x, TOP + size, UNIT_TICKS, UNIT_TICKS.stream().map(t -> String.format(Locale.ROOT, "%.1f", t)).toList(),
                "confidence");
        svg.line(x.at(0), y.at(0), x.at(1), y.at(1), "#999999", "4 3");
        for (int r = 0; r < e.runs().size(); r++) {
            double[] conf = new double[10];
            int[] n = new int[10];
            int[] ok = new int[10];
            for (AgentQueryScore q : e.runs().get(r).scores().queries()) {
                if (q.confidence() == null) {
                    continue;
                }
                int b = Math.min(9, (int) (q.confidence() / 10));
                conf[b] += q.confidence() / 100;
                n[b]++;
                ok[b] += q.correct() ? 1 : 0;
            }
            List<Double> points = new ArrayList<>();
            for (int b = 0; b < 10; b++) {
                if (n[b] > 0) {
                    points.add(x.at(conf[b] / n[b]));
                    points.add(y.at((double) ok[b] / n[b]));
                }
            }
            if (points.size() > 2) {
                svg.polyline(points.stream().mapToDouble(Double::doubleValue).toArray(), SvgChart.runColour(r), null);
            }
            for (int b = 0, k = 0; b < 10; b++) {
                if (n[b] > 0) {
                    svg.circle(points.get(k), points.get(k + 1), 3 + Math.sqrt(n[b]), SvgChart.runColour(r),
                            String.format(Locale.ROOT, "%s: confidence %d–%d%%: %d answers, accuracy %.3f",
                                    e.runs().get(r).summary().name(), b * 10, b * 10 + 10, n[b], (double) ok[b] / n[b]));
                    k += 2;
                }
            }
        }
        svg.legend(LEFT + size + 24, TOP, legend(e));
        return svg.end();
    }

    /** Histogram of search calls per query (queries with a run), one bar per run in each bin; 30 and more share a bin. */
    public static String searchCalls(AgentEvaluation e) {
        int cap = 30;
        int max = 0;
        List<int[]> counts = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            int[] c = new int[cap + 1];
            for (AgentQueryScore q : r.scores().queries()) {
                if (q.hasRun()) {
                    int b = Math.min(cap, q.searchCalls());
                    c[b]++;
                    max = Math.max(max, b);
                }
            }
            counts.add(c);
        }
        int peak = 1;
        for (int[] c : counts) {
            for (int v : c) {
                peak = Math.max(peak, v);
            }
        }
        int runs = e.runs().size();
        int bins = max + 1;
        int bar = Math.max(3, Math.min(18, 300 / (bins * runs)));
        int group = runs * bar + 6;
        int right = LEFT + bins * group + 10;
        SvgChart svg = new SvgChart(Math.max(right + 170, 420), HEIGHT, "search calls per query",
                "Queries by their number of search calls, per run (30 or more in the last bin).");
        Scale y = Scale.linear(0, peak, BOTTOM, TOP);
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i <= 4; i++) {
            ticks.add(peak * i / 4.0);
        }
        svg.yAxis(y, LEFT, right, ticks, "queries");
        svg.line(LEFT, BOTTOM, right, BOTTOM, "#333333", null);
        for (int b = 0; b < bins; b++) {
            double x0 = LEFT + 10 + b * group;
            for (int r = 0; r < runs; r++) {
                int v = counts.get(r)[b];
                if (v > 0) {
                    double top = y.at(v);
                    svg.rect(x0 + r * bar, top, bar - 1, BOTTOM - top, SvgChart.runColour(r), null,
                            String.format(Locale.ROOT, "%s: %d queries with %s search calls", e.runs().get(r).summary().name(), v,
                                    b == cap ? cap + "+" : Integer.toString(b)));
                }
            }
            if (bins <= 12 || b % 5 == 0) {
                svg.text(x0 + runs * bar / 2.0, BOTTOM + 18, b == cap ? cap + "+" : Integer.toString(b), "middle", "tick", null, 0);
            }
        }
        svg.text((LEFT + right) / 2.0, BOTTOM + 40, "search calls", "middle", "axis", null, 0);
        svg.legend(right + 16, TOP, legend(e));
        return svg.end();
    }

    private static List<LegendItem> legend(AgentEvaluation e) {
        List<LegendItem> items = new ArrayList<>();
        for (int r = 0; r < e.runs().size(); r++) {
            items.add(LegendItem.box(e.runs().get(r).summary().name(), SvgChart.runColour(r)));
        }
        return items;
    }

    private static LanguageRow find(AgentRunResult r, String lang) {
        return r.byLanguage().stream().filter(l -> l.language().equals(lang)).findFirst().orElse(null);
    }
}
