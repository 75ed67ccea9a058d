package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.eval.StatisticsReport;
import io.clirbench.core.metrics.language.LanguageMetrics;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTML report: one self-contained HTML5 page (inline CSS and SVG, no script, no external
 * resource) with the tables of the Markdown report and charts of recall at depth, RRC@K with its
 * knee, the ARI decomposition and a route heat-map per run. Deterministic: the same report gives
 * the same bytes.
 */
public final class HtmlReport {

    /**
     * The page style, shared with the QA and agentic report pages so all read alike. Nothing is cut off in a narrow
     * window: a table scrolls sideways in its {@code .scroll} box ({@link HtmlText#table}), a chart shrinks to fit.
     */
    public static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1b1b1b;background:#fff;margin:0}
            main{max-width:1280px;box-sizing:border-box;margin:0 auto;padding:16px 24px 48px}
            h1{font-size:26px;margin:8px 0}h2{font-size:20px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}
            h3{font-size:16px;margin-top:22px}
            code{font:12.5px ui-monospace,"DejaVu Sans Mono",monospace;background:#f2f2f2;padding:0 3px;border-radius:3px}
            .scroll{overflow-x:auto}
            table{border-collapse:collapse;margin:8px 0 12px;font-variant-numeric:tabular-nums}
            caption{text-align:left;font-weight:600;padding:4px 0}
            th,td{border:1px solid #d9d9d9;padding:3px 6px;white-space:nowrap;font-size:13px}
            thead th{background:#f3f5f8}tbody th{text-align:left;font-weight:600;background:#fafafa}td{text-align:right}
            .charts{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
            figure{margin:0;border:1px solid #e5e5e5;border-radius:6px;padding:8px;background:#fff;max-width:100%;box-sizing:border-box}
            figcaption{max-width:580px;font-size:12.5px;color:#444;margin-top:4px}
            svg.chart{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;display:block;max-width:100%;height:auto}
            svg .tick{font-size:11px;fill:#333}svg .axis{font-size:12px;font-weight:600;fill:#222}
            svg .legend{font-size:12px;fill:#222}svg .label{font-size:11px;font-weight:600;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
            svg .cell{font-size:11px}svg .diag{font-weight:700}
            .note{color:#444;font-size:13px}
            """;

    private HtmlReport() {
    }

    /** Renders the whole page. */
    public static String render(EvalReport report) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(HtmlText.escape(title(report))).append("</title>\n")
                .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n")
                .append("<h1>clirbench evaluation</h1>\n")
                .append("<p>").append(HtmlText.withCode(ReportText.setting(report))).append("</p>\n");
        out.append(FailedRetrieversSection.html(report));
        List<RunReport> runs = report.runs();
        boolean language = !runs.isEmpty() && runs.get(0).language() != null;
        if (language) {
            out.append("<section id=\"language\">\n<h2>Language-aware retrieval (METRICS.md §2)</h2>\n");
            out.append(HtmlText.table(HeadlineTable.LANGUAGE_COLUMNS,
                    runs.stream().map(run -> HeadlineTable.languageRow(run, report.intervals(run.name()))).toList(), null));
            out.append("<p class=\"note\">").append(HtmlText.withCode(ReportText.LEGEND)).append("</p>\n</section>\n");
            appendCharts(out, report);
        }
        if (report.statistics() != null) {
            appendSignificance(out, report);
        }
        out.append("<section id=\"standard\">\n<h2>Standard measures (trec_eval -c, METRICS.md §1)</h2>\n");
        if (!runs.isEmpty()) {
            out.append(HtmlText.table(HeadlineTable.standardColumns(runs.get(0).standard().measureNames()),
                    runs.stream().map(HeadlineTable::standardRow).toList(), null));
        }
        out.append("</section>\n");
        out.append(EfficiencySection.html(report));
        for (RunReport run : runs) {
            appendRun(out, run);
        }
        return out.append("</main>\n</body>\n</html>\n").toString();
    }

    /** The page title: dataset (or qrels file) and the run names. */
    static String title(EvalReport report) {
        String source = report.dataset() == null ? "qrels " + report.qrelsFile() : "dataset " + report.dataset().id();
        return "clirbench report: " + source + ", runs " + String.join(", ", report.runs().stream().map(RunReport::name).toList());
    }

    private static void appendCharts(StringBuilder out, EvalReport report) {
        List<RunReport> runs = report.runs();
        out.append("<section id=\"charts\">\n<h2>Charts</h2>\n<div class=\"charts\">\n");
        figure(out, CurveSvg.recallAtDepth(runs, report.depth()), "recall-at-depth", "Language-balanced recall at depth k "
                + "(cutoffs up to N = " + report.depth() + "): same-language R@k_same solid, cross-language R@k_cross dashed.");
        figure(out, CurveSvg.rrc(runs), "rrc", "RRC@K over Dom_X (queries with cross-language gold): share whose first "
                + "cross-language gold is within the top K. The dot marks the knee K* of the normalised log-K curve.");
        figure(out, BarSvg.ari(runs), "ari", "ARI decomposition: RRC@K + deep_K + L∞ = 1 over Dom_X; "
                + "ARI@K = L∞ / (1 − RRC@K) is the share of the cross-language gold missing at K that is not in the top N either.");
        for (RunReport run : runs) {
            Integer k = HeatMapSvg.cutoff(run.language().routes());
            figure(out, HeatMapSvg.render(run.name(), run.language().routes()), "heatmap", "Run " + run.name()
                    + ": route Recall@" + k + " (METRICS.md §2 route grid) — of the gold (query, document) pairs with this "
                    + "query language (row) and document language (column), the share ranked within the top " + k
                    + ". Diagonal: same-language routes. Empty cell: no gold pair on that route.");
        }
        out.append("</div>\n</section>\n");
        out.append(RecoveryTable.html(report));                  // beside the RRC chart
        out.append(RouteTable.html(report));
    }

    private static void figure(StringBuilder out, String svg, String kind, String caption) {
        if (svg == null) {
            out.append("<p class=\"note\">No data for the ").append(kind).append(" chart (no query has the gold it needs).</p>\n");
            return;
        }
        out.append("<figure class=\"").append(kind).append("\">\n").append(svg).append("\n<figcaption>")
                .append(HtmlText.escape(caption)).append("</figcaption>\n</figure>\n");
    }

    private static void appendSignificance(StringBuilder out, EvalReport report) {
        StatisticsReport s = report.statistics();
        out.append("<section id=\"significance\">\n<h2>Significance (METRICS.md §3)</h2>\n<p class=\"note\">")
                .append(HtmlText.escape(SignificanceTables.method(s))).append("</p>\n");
        out.append("<h3>Same-language vs cross-language gap (R@10_same − R@10_cross on dual-gold queries)</h3>\n");
        out.append(HtmlText.table(SignificanceTables.GAP_COLUMNS, SignificanceTables.gapRows(s), null));
        String friedman = SignificanceTables.friedman(s);
        if (friedman != null) {
            out.append("<h3>Comparing runs</h3>\n<p>").append(HtmlText.escape(friedman)).append("</p>\n");
            out.append(HtmlText.table(SignificanceTables.PAIR_COLUMNS, SignificanceTables.pairRows(s), null));
            List<String> names = report.runs().stream().map(RunReport::name).toList();
            out.append("<h3>Matrix (*: Holm-adjusted p &lt; 0.05)</h3>\n");
            out.append(HtmlText.table(SignificanceTables.matrixHeader("R@10 row − column", names),
                    SignificanceTables.matrix(names, s), null));
        }
        out.append("</section>\n");
    }

    private static void appendRun(StringBuilder out, RunReport run) {
        out.append("<section class=\"run\">\n<h2>Run <code>").append(HtmlText.escape(run.name())).append("</code></h2>\n<p>")
                .append(HtmlText.withCode(ReportText.runCounts(run))).append("</p>\n");
        LanguageMetrics m = run.language();
        if (m != null) {
            out.append("<p>").append(HtmlText.escape(ReportText.domains(m))).append("</p>\n");
            table(out, LanguageTables.perLanguage(m), "Per query language");
            table(out, LanguageTables.recall(m), "Recall: balanced and pooled means");
            out.append("<h3>Re-ranker recoverability over Dom_X</h3>\n");
            if (m.recoverability().grid().isEmpty()) {
                out.append("<p>No query has cross-language gold.</p>\n");
            } else {
                table(out, LanguageTables.rrc(m.recoverability()), null);
                out.append("<p>").append(HtmlText.escape(LanguageTables.recoverabilitySummary(m))).append("</p>\n");
            }
            for (int k : LanguageTables.routeKs(m)) {
                table(out, LanguageTables.routeGrid(m, k), String.format(Locale.ROOT,
                        "Route grid R@%d (query language → document language; 95%% Wilson interval, gold pairs)", k));
            }
            for (Map.Entry<String, Map<String, LanguageMetrics>> slice : run.slices().entrySet()) {
                table(out, LanguageTables.slices(slice.getKey(), slice.getValue()), "Slices by " + slice.getKey());
            }
        }
        out.append("</section>\n");
    }

    private static void table(StringBuilder out, LanguageTables.Table table, String heading) {
        if (heading != null) {
            out.append("<h3>").append(HtmlText.escape(heading)).append("</h3>\n");
        }
        out.append(HtmlText.table(table.header(), table.rows(), null));
    }
}
