package io.clirbench.core.report;

import java.util.List;

/**
 * The names of the report files of the three pillars (retrieval, QA, agentic), one home for the bench-core bundles
 * ({@link ReportBundle}, {@code QaReportBundle}, {@code AgentReportBundle}), the eval-service that stores them, the
 * gateway that serves them and the CLI that writes and downloads them.
 */
public final class ReportFiles {

    public static final String JSON = "report.json";
    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";
    /** The console report: what {@code bench eval} and {@code bench qa eval} print. */
    public static final String TEXT = "report.txt";
    public static final String SUMMARY_CSV = "summary.csv";
    /** Retrieval: every measure of every run and slice. */
    public static final String METRICS_CSV = "metrics.csv";
    /** QA: one row per system and instance. */
    public static final String PER_EXAMPLE_CSV = "per-example.csv";
    /** Agentic: one row per run and evidence language or resource group. */
    public static final String LANGUAGES_CSV = "languages.csv";
    /** Agentic: one row per run and query. */
    public static final String QUERIES_CSV = "queries.csv";
    /** Agentic: BrowseComp-Plus's summary of one run, under the run's name ({@link #evaluationSummary}). */
    public static final String EVALUATION_SUMMARY = "evaluation_summary.json";

    /**
     * The directory of a retrieval report's exports (trec_eval, MTEB, ranx, LaTeX: {@code report.export.ReportExports}).
     * The CLI renders them where it writes the report ({@code bench eval --out}, {@code bench report}); the eval-service
     * does not store them ({@code bench report} rebuilds them from {@link #JSON} and the TREC runs), so they are not in
     * {@link #RETRIEVAL}, the files the gateway serves.
     */
    public static final String EXPORT_DIRECTORY = "export";

    /** Every file of a retrieval report, in the order they are written and listed. */
    public static final List<String> RETRIEVAL = List.of(HTML, MARKDOWN, JSON, TEXT, SUMMARY_CSV, METRICS_CSV);
    /** Every file of a QA report, in the order they are written and listed. */
    public static final List<String> QA = List.of(JSON, MARKDOWN, HTML, SUMMARY_CSV, PER_EXAMPLE_CSV, TEXT);
    /** The files of an agentic report besides one {@link #evaluationSummary} per run, in the order they are written. */
    public static final List<String> AGENT = List.of(JSON, MARKDOWN, HTML, SUMMARY_CSV, LANGUAGES_CSV, QUERIES_CSV);
    /** Every file of an agentic comparison across configurations ({@code ConfigurationComparisonReport}), in order. */
    public static final List<String> COMPARISON = List.of(JSON, MARKDOWN, HTML);

    private ReportFiles() {
    }

    /** The BrowseComp-Plus summary of agent run {@code run}: {@code RUN/evaluation_summary.json}. */
    public static String evaluationSummary(String run) {
        return run + "/" + EVALUATION_SUMMARY;
    }

    /** Names as a sentence fragment for help texts and messages: {@code report.html, report.md, ...}. */
    public static String listed(List<String> names) {
        return String.join(", ", names);
    }
}
