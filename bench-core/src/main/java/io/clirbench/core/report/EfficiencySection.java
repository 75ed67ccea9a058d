package io.clirbench.core.report;

import io.clirbench.core.efficiency.Efficiency;
import io.clirbench.core.eval.EvalReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The "Efficiency" section ({@link EvalReport#efficiency()}): one row per retriever, beside the quality tables, with
 * units in the header and {@code n/m} (not measured) where a retriever has no such number. Empty when nothing was
 * measured ({@code bench eval} of run files).
 */
public final class EfficiencySection {

    static final String TITLE = "Efficiency";
    static final String NOT_MEASURED = "n/m";
    static final List<String> COLUMNS = List.of("Run", "index build (s)", "index disk (MiB)", "index memory (MiB)",
            "embed (texts/s)", "search (q/s)", "latency p50 (ms)", "latency p99 (ms)", "queries/call");
    static final String LEGEND = "n/m = not measured (an index reused from an earlier run has no build time; BM25 embeds "
            + "nothing; a Qdrant collection does not report its size). Index build: creating and filling the index "
            + "(document embedding not included); memory: what the index-service holds resident for it (exact: its vector "
            + "array; Lucene HNSW and BM25: their memory-mapped files). Embed: texts (documents and queries, embedding cache "
            + "hits included) per second of embedding wall time. Search: queries per second of the retriever's search calls "
            + "(summed wall time; the gateway's, gRPC included). Latency: nearest-rank percentiles of the per-query "
            + "latencies stored with the results; where queries/call is above 1 the queries were searched in batches "
            + "and a query's latency is its batch's time divided equally among the batch's queries.";

    private EfficiencySection() {
    }

    /** The plain-text section ({@code report.txt}); empty when nothing was measured. */
    public static String plain(EvalReport report) {
        if (report.efficiency().isEmpty()) {
            return "";
        }
        return TITLE + "\n" + TextTable.plain(COLUMNS, rows(report.efficiency())) + LEGEND + "\n\n";
    }

    /** The Markdown section; empty when nothing was measured. */
    public static String markdown(EvalReport report) {
        if (report.efficiency().isEmpty()) {
            return "";
        }
        return "\n## " + TITLE + "\n\n" + TextTable.markdown(COLUMNS, rows(report.efficiency())) + "\n" + LEGEND + "\n";
    }

    /** The HTML section; empty when nothing was measured. */
    public static String html(EvalReport report) {
        if (report.efficiency().isEmpty()) {
            return "";
        }
        return "<section id=\"efficiency\">\n<h2>" + TITLE + "</h2>\n" + HtmlText.table(COLUMNS, rows(report.efficiency()), null)
                + "<p class=\"note\">" + HtmlText.escape(LEGEND) + "</p>\n</section>\n";
    }

    /**
     * The rows of {@code metrics.csv} ({@link MetricRows#HEADER}): per run, slice key {@code efficiency}, one row per number
     * in its unit (the metric name says which), empty where not measured; {@code queries} is the number of latencies.
     */
    static List<List<String>> csvRows(EvalReport report) {
        List<List<String>> rows = new ArrayList<>();
        report.efficiency().forEach((run, e) -> {
            String n = Integer.toString(e.latencyQueries());
            java.util.function.BiConsumer<String, Object> row = (metric, value) ->
                    rows.add(List.of(run, "efficiency", "", metric, value == null ? "" : value.toString(), n));
            row.accept("index_build_ms", e.indexBuildMs());
            row.accept("index_disk_bytes", e.indexDiskBytes());
            row.accept("index_memory_bytes", e.indexMemoryBytes());
            row.accept("texts_embedded", e.textsEmbedded());
            row.accept("embed_ms", e.embedMs());
            row.accept("embed_texts_per_s", e.embedTextsPerSecond());
            row.accept("queries_searched", e.queriesSearched());
            row.accept("search_ms", e.searchMs());
            row.accept("search_q_per_s", e.searchQueriesPerSecond());
            row.accept("latency_p50_us", e.latencyP50Micros());
            row.accept("latency_p99_us", e.latencyP99Micros());
            row.accept("queries_per_call", e.queriesPerCall());
        });
        return rows;
    }

    /** The table's cells, one row per run in the report's order. */
    static List<List<String>> rows(Map<String, Efficiency> byRun) {
        List<List<String>> rows = new ArrayList<>();
        byRun.forEach((run, e) -> rows.add(List.of(run, scaled(e.indexBuildMs(), 1e3, 2), mib(e.indexDiskBytes()),
                mib(e.indexMemoryBytes()), scaled(e.embedTextsPerSecond(), 1, 1), scaled(e.searchQueriesPerSecond(), 1, 1),
                micros(e.latencyP50Micros()), micros(e.latencyP99Micros()),
                e.queriesPerCall() == null ? NOT_MEASURED : Integer.toString(e.queriesPerCall()))));
        return rows;
    }

    private static String scaled(Double value, double divisor, int digits) {
        return value == null ? NOT_MEASURED : String.format(Locale.ROOT, "%." + digits + "f", value / divisor);
    }

    private static String mib(Long bytes) {
        return bytes == null ? NOT_MEASURED : String.format(Locale.ROOT, "%.2f", bytes / (1024.0 * 1024.0));
    }

    private static String micros(Long micros) {
        return micros == null ? NOT_MEASURED : String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
