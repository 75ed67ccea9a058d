package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.report.HtmlReport;
import io.clirbench.core.report.HtmlText;

/**
 * The HTML page of an agentic evaluation: one self-contained HTML5 page (inline CSS and SVG, no script, no external
 * resource) with the tables of the Markdown report and the charts of {@link AgentCharts}, in the style of the retrieval
 * and QA pages ({@link HtmlReport#CSS}). Deterministic.
 */
public final class AgentHtmlReport {

    private AgentHtmlReport() {
    }

    /** Renders the page. */
    public static String render(AgentEvaluation e) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>clirbench agentic evaluation").append(e.task() == null ? "" : ": " + HtmlText.escape(e.task()))
                .append("</title>\n<style>\n").append(HtmlReport.CSS).append("</style>\n</head>\n<body>\n<main>\n")
                .append("<h1>clirbench agentic evaluation</h1>\n<p class=\"note\">").append(HtmlText.withCode(AgentReportText.setting(e)))
                .append("</p>\n");
        section(out, "runs", "Runs", AgentTables.runs(e));
        section(out, "languages", "Per evidence language", AgentTables.languages(e));
        section(out, "groups", "Per resource group", AgentTables.groups(e));
        section(out, "comparisons", "Paired comparisons (sign-flip test, Holm-adjusted)", AgentTables.comparisons(e));
        section(out, "judge", "Answer judge against exact match", JudgeTables.summary(e));
        section(out, "judge-disagreements", "Answers the judge and exact match disagree on", JudgeTables.disagreements(e));
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
