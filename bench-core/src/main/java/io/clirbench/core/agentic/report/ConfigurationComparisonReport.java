package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.ConfigurationComparison;
import io.clirbench.core.agentic.eval.ConfigurationComparison.Difference;
import io.clirbench.core.agentic.eval.ConfigurationComparison.Row;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.report.HtmlReport;
import io.clirbench.core.report.HtmlText;
import io.clirbench.core.report.Numbers;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.report.SvgChart;
import io.clirbench.core.report.SvgChart.LegendItem;
import io.clirbench.core.report.SvgChart.Scale;
import io.clirbench.core.report.TextTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The report of a {@link ConfigurationComparison} (XBCP's drop from original to cross-lingual to multilingual, per
 * evidence language): one table (console, Markdown, HTML), one chart (the paired differences to the reference per
 * evidence language, accuracy and evidence recall, one colour per configuration), and JSON. Deterministic.
 */
public final class ConfigurationComparisonReport {

    private static final int LEFT = 64;
    private static final int TOP = 20;
    private static final int HEIGHT = 340;
    private static final int BOTTOM = HEIGHT - 60;

    private ConfigurationComparisonReport() {
    }

    /** The files ({@link ReportFiles#COMPARISON}): {@code report.json}, {@code report.md}, {@code report.html}. */
    public static Map<String, String> render(ConfigurationComparison c) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ReportFiles.JSON, AgentJson.pretty(json(c)));
        files.put(ReportFiles.MARKDOWN, markdown(c));
        files.put(ReportFiles.HTML, html(c));
        return files;
    }

    /** What is compared, in one paragraph. */
    public static String setting(ConfigurationComparison c) {
        return "Task `" + c.task() + "`" + (c.agent() == null ? "" : ", agent `" + c.agent() + "`")
                + ": each configuration against `" + c.reference() + "` on the same queries, per evidence language under that"
                + " configuration and over all queries. Differences are configuration − " + c.reference()
                + " (negative: a drop); p: paired sign-flip test (cluster = query, " + c.bootstrap() + " patterns, seed "
                + c.seed() + "), Holm-adjusted over every difference shown.";
    }

    /** The table: header and rows of text. */
    public static AgentTables.Table table(ConfigurationComparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (Row r : c.rows()) {
            Difference a = r.accuracyDifference();
            Difference e = r.recallDifference();
            boolean ref = a == null;
            rows.add(List.of(r.configuration(), r.language(), Integer.toString(r.queries()), Numbers.fixed(r.accuracy(), 3),
                    ref ? "" : Numbers.fixed(r.referenceAccuracy(), 3), ref ? "" : Numbers.fixed(a.difference(), 3), p(a, false),
                    p(a, true), Numbers.fixed(r.evidenceRecall(), 3), ref ? "" : Numbers.fixed(r.referenceRecall(), 3),
                    e == null ? "" : Numbers.fixed(e.difference(), 3), p(e, false), p(e, true), notes(a, e)));
        }
        String ref = c.reference();
        return new AgentTables.Table(List.of("configuration", "evidence language", "N", "accuracy", "accuracy " + ref,
                "Δ accuracy", "p", "p (Holm)", "evidence recall", "recall " + ref, "Δ recall", "p", "p (Holm)", "note"), rows);
    }

    private static String p(Difference d, boolean holm) {
        if (d == null) {
            return "";
        }
        Double p = holm ? d.pHolm() : d.p();
        return p == null ? "-" : p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }

    private static String notes(Difference a, Difference e) {
        if (a == null || e == null) {
            return "";
        }
        if (a.note() != null && a.note().equals(e.note())) {
            return a.note();
        }
        List<String> notes = new ArrayList<>();
        if (a.note() != null) {
            notes.add("accuracy: " + a.note());
        }
        if (e.note() != null) {
            notes.add("recall: " + e.note());
        }
        return String.join("; ", notes);
    }

    /** The console text. */
    public static String console(ConfigurationComparison c) {
        AgentTables.Table t = table(c);
        return setting(c).replace("`", "") + "\n\nAcross configurations\n\n" + TextTable.plain(t.header(), t.rows()) + "\n";
    }

    /** The Markdown report. */
    public static String markdown(ConfigurationComparison c) {
        AgentTables.Table t = table(c);
        return "# clirbench agentic comparison across configurations\n\n" + setting(c) + "\n\n## Across configurations\n\n"
                + TextTable.markdown(t.header(), t.rows()) + "\n";
    }

    /** The HTML page: the table and the chart, self-contained. */
    public static String html(ConfigurationComparison c) {
        AgentTables.Table t = table(c);
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                + "<title>clirbench agentic comparison: " + HtmlText.escape(c.task()) + "</title>\n<style>\n" + HtmlReport.CSS
                + "</style>\n</head>\n<body>\n<main>\n<h1>clirbench agentic comparison across configurations</h1>\n<p class=\"note\">"
                + HtmlText.withCode(setting(c)) + "</p>\n<section id=\"configurations\">\n<h2>Across configurations</h2>\n"
                + HtmlText.table(t.header(), t.rows(), null) + "</section>\n<section id=\"charts\">\n<h2>Chart</h2>\n"
                + "<div class=\"charts\">\n<figure class=\"configuration-differences\">\n" + chart(c) + "\n<figcaption>"
                + HtmlText.escape("Paired difference to " + c.reference() + " per evidence language (configuration − "
                + c.reference() + "): solid bars accuracy, light bars evidence recall; one colour per configuration.")
                + "</figcaption>\n</figure>\n</div>\n</section>\n</main>\n</body>\n</html>\n";
    }

    /** Grouped bars per evidence language: per configuration its accuracy and evidence-recall differences to the reference. */
    public static String chart(ConfigurationComparison c) {
        List<String> configurations = new ArrayList<>();
        Set<String> languages = new LinkedHashSet<>();
        for (Row r : c.rows()) {
            if (r.accuracyDifference() != null) {
                if (!configurations.contains(r.configuration())) {
                    configurations.add(r.configuration());
                }
                if (!ConfigurationComparison.ALL.equals(r.language())) {
                    languages.add(r.language());
                }
            }
        }
        List<String> groups = new ArrayList<>(new java.util.TreeSet<>(languages));
        groups.add(ConfigurationComparison.ALL);
        int bar = Math.max(5, Math.min(14, 60 / Math.max(1, configurations.size())));
        int group = configurations.size() * 2 * bar + 14;
        int right = LEFT + groups.size() * group + 10;
        SvgChart svg = new SvgChart(Math.max(right + 190, 440), HEIGHT, "difference to " + c.reference() + " per evidence language",
                "Per evidence language and configuration: the paired accuracy and evidence-recall differences to "
                        + c.reference() + ".");
        Scale y = Scale.linear(-1, 1, BOTTOM, TOP);
        svg.yAxis(y, LEFT, right, List.of(-1.0, -0.5, 0.0, 0.5, 1.0), "difference to " + c.reference());
        svg.line(LEFT, y.at(0), right, y.at(0), "#333333", null);
        for (int g = 0; g < groups.size(); g++) {
            double x0 = LEFT + 10 + g * group;
            for (int k = 0; k < configurations.size(); k++) {
                Row row = find(c, configurations.get(k), groups.get(g));
                if (row == null) {
                    continue;
                }
                bar(svg, y, x0 + 2 * k * bar, bar, row.accuracyDifference(), SvgChart.runColour(k), null,
                        row.configuration() + ", " + row.language() + ": Δ accuracy");
                bar(svg, y, x0 + (2 * k + 1) * bar, bar, row.recallDifference(), light(SvgChart.runColour(k)), SvgChart.runColour(k),
                        row.configuration() + ", " + row.language() + ": Δ evidence recall");
            }
            svg.text(x0 + configurations.size() * bar, BOTTOM + 18, groups.get(g), "middle", "tick", null, 0);
        }
        svg.text((LEFT + right) / 2.0, BOTTOM + 42, "evidence language", "middle", "axis", null, 0);
        List<LegendItem> legend = new ArrayList<>();
        for (int k = 0; k < configurations.size(); k++) {
            legend.add(LegendItem.box(configurations.get(k) + ": Δ accuracy", SvgChart.runColour(k)));
            legend.add(LegendItem.box(configurations.get(k) + ": Δ evidence recall", light(SvgChart.runColour(k))));
        }
        svg.legend(right + 16, TOP, legend);
        return svg.end();
    }

    private static void bar(SvgChart svg, Scale y, double x, int width, Difference d, String fill, String stroke, String what) {
        if (d == null || Double.isNaN(d.difference())) {
            return;
        }
        double zero = y.at(0);
        double at = y.at(d.difference());
        svg.rect(x + 1, Math.min(zero, at), width - 2, Math.max(Math.abs(zero - at), 0.5), fill, stroke,
                String.format(Locale.ROOT, "%s = %+.3f (paired n = %d%s)", what, d.difference(), d.paired(),
                        d.pHolm() == null ? "" : String.format(Locale.ROOT, ", Holm p = %.4f", d.pHolm())));
    }

    /** The colour mixed half-way with white. */
    private static String light(String hex) {
        int v = Integer.parseInt(hex.substring(1), 16);
        int r = (((v >> 16) & 0xff) + 255) / 2;
        int g = (((v >> 8) & 0xff) + 255) / 2;
        int b = ((v & 0xff) + 255) / 2;
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    private static Row find(ConfigurationComparison c, String configuration, String language) {
        for (Row r : c.rows()) {
            if (r.configuration().equals(configuration) && r.language().equals(language)) {
                return r;
            }
        }
        return null;
    }

    static Map<String, Object> json(ConfigurationComparison c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("task", c.task());
        out.put("agent", c.agent());
        out.put("reference", c.reference());
        out.put("bootstrap", c.bootstrap());
        out.put("seed", c.seed());
        out.put("rows", c.rows());
        return out;
    }
}
