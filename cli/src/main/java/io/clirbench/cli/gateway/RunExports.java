package io.clirbench.cli.gateway;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.report.export.ExportFormat;
import io.clirbench.core.report.export.ExportInputs;
import io.clirbench.core.report.export.ReportExports;
import io.clirbench.core.run.RankedList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A stack run's exports, rebuilt where {@code bench report} writes them: the report from the fetched {@code report.json}
 * ({@link JsonReport#read}), the ranx runs from the fetched TREC runs (read with the strict TREC reader, so in
 * trec_eval's order). What the gateway does not serve is left out: the query languages (MTEB gets one {@code default}
 * subset) and the qrels (no {@code export/ranx/qrels.json}).
 */
final class RunExports {

    private RunExports() {
    }

    /**
     * The export files; {@code trecRuns} maps each retriever id (the report's run name) to its TREC run text. A
     * {@code report.json} this version cannot read (a report stored by another version) gives no exports and a
     * warning on standard error: the report itself is still written.
     */
    static Map<String, String> render(String source, String reportJson, Map<String, String> trecRuns, Set<ExportFormat> formats) {
        EvalReport report;
        try {
            report = JsonReport.read(reportJson, source);
        } catch (IllegalArgumentException e) {
            System.err.println("warning: " + e.getMessage() + "; the report is written without its exports");
            return Map.of();
        }
        Path dir = null;
        try {
            Map<String, Consumer<Consumer<RankedList>>> lists = new LinkedHashMap<>();
            if (formats.contains(ExportFormat.RANX)) {
                dir = Files.createTempDirectory("bench-report-ranx");
                int i = 0;
                for (Map.Entry<String, String> run : trecRuns.entrySet()) {
                    Path file = Files.writeString(dir.resolve((i++) + ".trec"), run.getValue(), StandardCharsets.UTF_8);
                    lists.put(run.getKey(), sink -> new TrecRunReader(file).forEachQuery(sink));
                }
            }
            return ReportExports.render(report, formats, new ExportInputs(Map.of(), lists, null));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot convert the TREC runs for ranx: " + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a temporary file left behind is harmless
        }
    }
}
