package io.clirbench.core.report;

import java.util.List;

/** The names of a report's files, one home for the eval-service, the gateway and the CLI. */
public final class ReportFiles {

    public static final String JSON = "report.json";
    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";
    /** The console report: what {@code bench eval} prints. */
    public static final String TEXT = "report.txt";
    public static final String SUMMARY_CSV = "summary.csv";
    public static final String METRICS_CSV = "metrics.csv";

    /** Every file of a report, in the order they are written and listed. */
    public static final List<String> ALL = List.of(HTML, MARKDOWN, JSON, TEXT, SUMMARY_CSV, METRICS_CSV);

    private ReportFiles() {
    }

    /** Whether {@code name} is one of the report's files. */
    public static boolean isReportFile(String name) {
        return ALL.contains(name);
    }

    /** The file names as a sentence fragment for help texts: {@code report.html, report.md, ...}. */
    public static String listed() {
        return String.join(", ", ALL);
    }
}
