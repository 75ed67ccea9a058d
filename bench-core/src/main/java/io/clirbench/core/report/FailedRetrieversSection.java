package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;

/**
 * The "Failed retrievers" section of a partial report ({@link EvalReport#failedRetrievers()}): which retrievers of
 * the run failed and why, so that nobody reads the report as covering them. Empty for a complete run.
 */
public final class FailedRetrieversSection {

    static final String TITLE = "Failed retrievers";
    static final String NOTE = "This report is partial: these retrievers of the run failed, and the tables below cover"
            + " only the others.";

    private FailedRetrieversSection() {
    }

    public static String plain(EvalReport report) {
        if (report.failedRetrievers().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(TITLE).append('\n').append(NOTE).append('\n');
        report.failedRetrievers().forEach((id, why) -> out.append("  ").append(id).append(": ").append(why).append('\n'));
        return out.append('\n').toString();
    }

    public static String markdown(EvalReport report) {
        if (report.failedRetrievers().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("## ").append(TITLE).append("\n\n").append(NOTE).append("\n\n");
        report.failedRetrievers().forEach((id, why) -> out.append("- `").append(id).append("`: ")
                .append(why.replace("\n", " ")).append('\n'));
        return out.append('\n').toString();
    }

    public static String html(EvalReport report) {
        if (report.failedRetrievers().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<section class=\"failed-retrievers\">\n<h2>").append(TITLE).append("</h2>\n<p>")
                .append(HtmlText.escape(NOTE)).append("</p>\n<ul>\n");
        report.failedRetrievers().forEach((id, why) -> out.append("<li><code>").append(HtmlText.escape(id)).append("</code>: ")
                .append(HtmlText.escape(why)).append("</li>\n"));
        return out.append("</ul>\n</section>\n").toString();
    }
}
