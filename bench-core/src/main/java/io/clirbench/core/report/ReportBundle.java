package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every file of a report ({@link ReportFiles}), rendered in memory; {@code report.export.ReportExports.withReportFiles}
 * adds the exports where the caller asks for them (the CLI's report directories; the eval-service stores the report
 * files only, and {@code report} does not depend on its sub-package {@code report.export}). Rendering everything before writing anything
 * means a rendering failure leaves earlier reports untouched.
 */
public final class ReportBundle {

    private ReportBundle() {
    }

    /** File name to content, in a stable order. */
    public static Map<String, String> render(EvalReport report) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ReportFiles.JSON, JsonReport.render(report));
        files.put(ReportFiles.MARKDOWN, MarkdownReport.render(report));
        files.put(ReportFiles.HTML, HtmlReport.render(report));
        files.put(ReportFiles.TEXT, ConsoleReport.render(report));
        files.put(ReportFiles.SUMMARY_CSV, CsvReport.summary(report));
        files.put(ReportFiles.METRICS_CSV, CsvReport.metrics(report));
        return files;
    }
}
