package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every file of a report, rendered in memory: {@code report.json}, {@code report.md}, {@code report.html},
 * {@code summary.csv} and {@code metrics.csv}. Rendering everything before writing anything
 * means a rendering failure leaves earlier reports untouched.
 */
public final class ReportBundle {

    private ReportBundle() {
    }

    /** File name to content, in a stable order. */
    public static Map<String, String> render(EvalReport report) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("report.json", JsonReport.render(report));
        files.put("report.md", MarkdownReport.render(report));
        files.put("report.html", HtmlReport.render(report));
        files.put("summary.csv", CsvReport.summary(report));
        files.put("metrics.csv", CsvReport.metrics(report));
        return files;
    }
}
