package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.report.export.ExportFormat;
import io.clirbench.core.report.export.ExportInputs;
import io.clirbench.core.report.export.ReportExports;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Every file of a report ({@link ReportFiles}), rendered in memory, with the exports where the caller asks for them
 * ({@link ReportExports}: the CLI's report directories; the eval-service stores the report files only). Rendering everything before writing anything
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

    /** The report's files, then its exports in {@code formats} ({@link ReportExports#render}) under {@code export/}. */
    public static Map<String, String> render(EvalReport report, Set<ExportFormat> formats, ExportInputs inputs) {
        Map<String, String> files = render(report);
        files.putAll(ReportExports.render(report, formats, inputs));
        return files;
    }
}
