package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.report.HtmlText;

/**
 * The HTML page of an agentic evaluation: one self-contained HTML5 page (inline CSS and SVG, no script, no external
 * resource) with the tables of the Markdown report and the charts of {@link AgentCharts}. Deterministic.
 */
public final class AgentHtmlReport {

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1b1b1b;background:#fff;margin:0}
            main{max-width:1280px;box-sizing:border-box;margin:0 auto;padding:16px 24px 48px}
            h1{font-size:26px;margin:8px 0}h2{font-size:20px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}
            code{font:12.5px ui-monospace,"DejaVu Sans Mono",monospace;background:#f2f2f2;padding:0 3px;border-radius:3px}
            .scroll{overflow-x:auto}
            table{border-collapse:collapse;margin:8px 0 12px;font-variant-numeric:tabular-nums}
            th,td{border:1px solid #d9d9d9;padding:3px 6px;white-space:nowrap;font-size:13px}
            thead th{background:#f3f5f8}tbody th{text-align:left;font-weight:600;background:#fafafa}td{text-align:right}
            .charts{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
            figure{margin:0;border:1px solid #e5e5e5;border-radius:6px;padding:8px;background:#fff}
            figcaption{max-width:580px;font-size:12.5px;color:#444;margin-top:4px}
            svg.chart{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;display:block}
            svg .tick{font-size:11px;fill:#333}svg .axis{font-size:12px;font-weight:600;fill:#222}
            svg .legend{font-size:12px;fill:#222}svg .label{font-size:11px;font-weight:600}
            .note{color:#444;font-size:13px}
            """;

    private AgentHtmlReport() {
    }

    /** Renders the page. */
    public static String render(AgentEvaluation e) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>clirbench agentic evaluation").append(e.task() == null ? "" : ": " + HtmlText.escape(e.task()))
                .append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n")
                .append("<h1>clirbench agentic evaluation</h1>\n<p class=\"note\">").append(HtmlText.withCode(AgentReportText.setting(e)))
                .append("</p>\n");
        section(out, "runs", "Runs", AgentTables.runs(e));
        section(out, "languages", "Per evidence language", AgentTables.languages(e));
        section(out, "groups", "Per resource group", AgentTables.groups(e));
        section(out, "comparisons", "Paired comparisons (sign-flip test, Holm-adjusted)", AgentTables.comparisons(e));
        out.append("<section id=\"charts\">\n<h2>Charts</h2>\n<div class=\"charts\">\n");
        figure(out, "language-recall", AgentCharts.languageBars(e, true),
                "Evidence recall per evidence language, with 95% BCa intervals (cluster = query).");
        figure(out, "language-accuracy", AgentCharts.languageBars(e, false),
                "Accuracy per evidence language, with 95% Wilson intervals.");
        figure(out, "reliability", AgentCharts.reliability(e),
                "Reliability diagram: accuracy against stated confidence per decile; the dashed diagonal is perfect calibration.");
        figure(out, "search-calls", AgentCharts.searchCalls(e), "Search calls per query.");
        return out.append("</div>\n</section>\n</main>\n</body>\n</html>\n").toString();
    }

    private static void section(StringBuilder out, String id, String title, AgentTables.Table t) {
        if (t.rows().isEmpty()) {
            return;
        }
        out.append("<section id=\"").append(id).append("\">\n<h2>").append(HtmlText.escape(title)).append("</h2>\n")
                .append(HtmlText.table(t.header(), t.rows(), null)).append("</section>\n");
    }

    private static void figure(StringBuilder out, String cssClass, String svg, String caption) {
        if (svg == null) {
            return;
        }
        out.append("<figure class=\"").append(cssClass).append("\">\n").append(svg).append("\n<figcaption>")
                .append(HtmlText.escape(caption)).append("</figcaption>\n</figure>\n");
    }
}
