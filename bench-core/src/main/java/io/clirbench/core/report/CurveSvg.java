package io.clirbench.core.report;

import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.language.Mean;
import io.clirbench.core.metrics.language.Recoverability;
import io.clirbench.core.metrics.language.Recoverability.GridPoint;
import io.clirbench.core.report.SvgChart.LegendItem;
import io.clirbench.core.report.SvgChart.Scale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Line charts against depth on a log axis: recall at depth, and the RRC curve with its knee. */
final class CurveSvg {

    private static final Pattern RECALL = Pattern.compile("R@(\\d+)_(same|cross)");
    private static final int WIDTH = 580;
    private static final int HEIGHT = 340;
    private static final int LEFT = 64;
    private static final int RIGHT = WIDTH - 180;
    private static final int TOP = 20;
    private static final int BOTTOM = HEIGHT - 56;
    private static final String CROSS_DASH = "6 4";

    private CurveSvg() {
    }

    /**
     * Balanced R@k_same (solid) and R@k_cross (dashed) against k, one colour per run, at the cutoffs
     * LanguageMetrics computed up to the depth N (beyond N every rank counts as not retrieved);
     * {@code null} when no run has a value.
     */
    static String recallAtDepth(List<RunReport> runs, int depth) {
        TreeSet<Integer> ks = new TreeSet<>();
        runs.forEach(run -> run.language().recall().keySet().forEach(name -> {
            Matcher m = RECALL.matcher(name);
            if (m.matches() && Integer.parseInt(m.group(1)) <= depth) {
                ks.add(Integer.parseInt(m.group(1)));
            }
        }));
        if (ks.isEmpty()) {
            return null;
        }
        Scale x = Scale.log(ks.first(), Math.max(ks.last(), ks.first() + 1), LEFT + 10, RIGHT - 10);
        Scale y = Scale.linear(0, 1, BOTTOM, TOP);
        SvgChart svg = new SvgChart(WIDTH, HEIGHT, "Recall at depth k: language-balanced R@k_same and R@k_cross per run",
                "Same-language (solid) and cross-language (dashed) balanced recall against the cutoff k on a log axis.");
        axes(svg, x, y, ks, "depth k (log scale)", "balanced recall");
        List<LegendItem> legend = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String colour = SvgChart.runColour(i);
            for (String scope : List.of("same", "cross")) {
                List<double[]> points = new ArrayList<>();
                for (int k : ks) {
                    Mean mean = runs.get(i).language().recall().get("R@" + k + "_" + scope);
                    if (mean != null && mean.balanced() != null) {
                        points.add(new double[] {k, mean.balanced()});
                    }
                }
                plot(svg, x, y, points, colour, scope.equals("same") ? null : CROSS_DASH, runs.get(i).name(), "R@%d_" + scope);
            }
            legend.add(LegendItem.box(runs.get(i).name(), colour));
        }
        legend.add(LegendItem.line("same-language", "#555555", null));
        legend.add(LegendItem.line("cross-language", "#555555", CROSS_DASH));
        svg.legend(RIGHT + 20, TOP, legend);
        return svg.end();
    }

    /** RRC@K over Dom_X against K, one line per run, each knee K* marked; {@code null} when no run has Dom_X. */
    static String rrc(List<RunReport> runs) {
        TreeSet<Integer> ks = new TreeSet<>();
        runs.forEach(run -> run.language().recoverability().grid().forEach(p -> ks.add(p.k())));
        if (ks.isEmpty()) {
            return null;
        }
        Scale x = Scale.log(ks.first(), Math.max(ks.last(), ks.first() + 1), LEFT + 10, RIGHT - 10);
        Scale y = Scale.linear(0, 1, BOTTOM, TOP);
        SvgChart svg = new SvgChart(WIDTH, HEIGHT, "Re-ranker recoverability RRC@K per run, knee K* marked",
                "Share of cross-language-gold queries whose first cross-language gold is within the top K, against K "
                        + "on a log axis; the dot marks the knee K*.");
        axes(svg, x, y, ks, "K (log scale)", "RRC@K");
        List<LegendItem> legend = new ArrayList<>();
        LabelPlacer kneeLabels = new LabelPlacer(TOP + 12, BOTTOM - 4);
        for (int i = 0; i < runs.size(); i++) {
            RunReport run = runs.get(i);
            Recoverability r = run.language().recoverability();
            String colour = SvgChart.runColour(i);
            List<double[]> points = r.grid().stream().map(p -> new double[] {p.k(), p.rrc()}).toList();
            plot(svg, x, y, points, colour, null, run.name(), "RRC@%d");
            if (r.knee() != null) {
                double rrcAtKnee = r.grid().stream().filter(p -> p.k() == r.knee()).mapToDouble(GridPoint::rrc).findFirst().orElse(0);
                double px = x.at(r.knee());
                double py = y.at(rrcAtKnee);
                svg.circle(px, py, 6, colour, String.format(Locale.ROOT, "%s: knee K* = %d, RRC@K* = %.3f", run.name(), r.knee(), rrcAtKnee));
                // below the dot near the top edge, above it elsewhere; moved clear of every label placed before
                double labelY = kneeLabels.place(px + 9, py < TOP + 40 ? py + 20 : py - 8);
                svg.text(px + 9, labelY, "K* = " + r.knee(), "start", "label", colour, 0);
            }
            legend.add(LegendItem.line(run.name() + (run.language().degenerate() ? " *" : ""), colour, null));
        }
        legend.add(LegendItem.box("knee K*", "#555555"));
        legend.add(LegendItem.line("* degenerate run", "#ffffff", null));
        svg.legend(RIGHT + 20, TOP, legend);
        return svg.end();
    }

    private static void axes(SvgChart svg, Scale x, Scale y, TreeSet<Integer> ks, String xLabel, String yLabel) {
        List<Double> xTicks = new ArrayList<>();
        List<String> xLabels = new ArrayList<>();
        double lastPixel = Double.NEGATIVE_INFINITY;
        for (int k : ks) {
            double px = x.at(k);
            if (k == ks.last() && px - lastPixel < 22 && !xTicks.isEmpty()) { // keep the last cutoff, drop its crowded neighbour
                xTicks.remove(xTicks.size() - 1);
                xLabels.remove(xLabels.size() - 1);
            }
            if (px - lastPixel >= 22 || k == ks.last()) { // skip labels that would overlap
                xTicks.add((double) k);
                xLabels.add(Integer.toString(k));
                lastPixel = px;
            }
        }
        svg.yAxis(y, LEFT, RIGHT, List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0), yLabel);
        svg.xAxis(x, BOTTOM, xTicks, xLabels, xLabel);
    }

    private static void plot(SvgChart svg, Scale x, Scale y, List<double[]> points, String colour, String dash, String run,
                             String metricFormat) {
        if (points.isEmpty()) {
            return;
        }
        double[] xy = new double[points.size() * 2];
        for (int i = 0; i < points.size(); i++) {
            xy[2 * i] = x.at(points.get(i)[0]);
            xy[2 * i + 1] = y.at(points.get(i)[1]);
        }
        svg.polyline(xy, colour, dash);
        for (double[] p : points) {
            svg.circle(x.at(p[0]), y.at(p[1]), 3, colour,
                    run + ": " + String.format(Locale.ROOT, metricFormat, (int) p[0]) + String.format(Locale.ROOT, " = %.3f", p[1]));
        }
    }
}
