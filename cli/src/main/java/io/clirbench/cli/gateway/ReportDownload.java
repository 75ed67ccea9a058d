package io.clirbench.cli.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.api.RunView;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.report.ReportDirectory;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.report.export.ExportFormat;
import io.clirbench.core.run.RunState;
import io.clirbench.core.search.RetrieverId;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Fetches a finished run's files from the gateway (a retrieval run's report and TREC runs, a QA run's report and
 * predictions, an agent run's report and run directory) and writes them into one directory, each file atomically.
 */
public final class ReportDownload {

    /** No check before writing (the callers that chose the directory themselves: the demo, the end-to-end tests). */
    private static final Consumer<List<String>> NO_CHECK = names -> { };

    private ReportDownload() {
    }

    /** Writes every file (fetched first, so a failed fetch writes nothing) and returns the names written. */
    public static List<String> write(GatewayClient gateway, String runId, Path dir) {
        return write(gateway, runId, dir, NO_CHECK);
    }

    /** As {@link #write(GatewayClient, String, Path)}, giving the names to {@code beforeWrite} once all are fetched. */
    public static List<String> write(GatewayClient gateway, String runId, Path dir, Consumer<List<String>> beforeWrite) {
        return write(gateway, runId, dir, Set.of(), beforeWrite);
    }

    /**
     * As {@link #write(GatewayClient, String, Path, Consumer)}, with the exports in {@code formats} under {@code export/},
     * rebuilt from the fetched {@code report.json} and TREC runs ({@link RunExports}).
     */
    public static List<String> write(GatewayClient gateway, String runId, Path dir, Set<ExportFormat> formats,
                                     Consumer<List<String>> beforeWrite) {
        RunView run = gateway.run(runId);
        requireState("run " + runId, run.state(), run.message(), RunState.COMPLETED);
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : ReportFiles.RETRIEVAL) {
            // report.txt is missing from reports stored by versions before it existed
            String content = name.equals(ReportFiles.TEXT) ? gateway.optionalFile(runId, name) : gateway.file(runId, name);
            if (content != null) {
                files.put(name, content);
            }
        }
        Map<String, String> trecRuns = new LinkedHashMap<>();
        for (RunView.RetrieverView r : run.retrievers()) {
            if (RunState.FAILED.is(r.state())) {
                continue; // a partial run's failed retriever: named in the report, no run file
            }
            String retriever = r.id();
            String trec = gateway.trec(runId, retriever);
            files.put(RetrieverId.trecFileOf(retriever), trec); // the canonical id the gateway answered, named without parsing
            trecRuns.put(retriever, trec);
        }
        if (!formats.isEmpty()) {
            files.putAll(RunExports.render("run " + runId + " " + ReportFiles.JSON, files.get(ReportFiles.JSON), trecRuns, formats));
        }
        return writeAll(files, dir, beforeWrite);
    }

    /**
     * A completed QA run's report files ({@code ReportFiles.QA}) and each system's predictions
     * ({@code predictions/SYSTEM.jsonl}, XHotpotQA JSONL), fetched first, then written.
     */
    public static List<String> writeQa(GatewayClient gateway, String runId, Path dir) {
        return writeQa(gateway, runId, dir, NO_CHECK);
    }

    /** As {@link #writeQa(GatewayClient, String, Path)}, giving the names to {@code beforeWrite} once all are fetched. */
    public static List<String> writeQa(GatewayClient gateway, String runId, Path dir, Consumer<List<String>> beforeWrite) {
        RunView run = gateway.qaRun(runId);
        requireState("QA run " + runId, run.state(), run.message(), RunState.COMPLETED);
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : ReportFiles.QA) {
            files.put(name, gateway.qaFile(runId, name));
        }
        for (RunView.RetrieverView s : run.retrievers()) {
            if (!RunState.FAILED.is(s.state())) {
                String system = s.id();
                files.put("predictions/" + QaSystemId.fileNameOf(system) + ".jsonl", gateway.qaPredictions(runId, system));
            }
        }
        return writeAll(files, dir, beforeWrite);
    }

    /**
     * A closed and evaluated agent run's files as the eval-service stored them (report files, {@code RUN/evaluation_summary.json},
     * the BrowseComp-Plus run directory {@code run/run_QUERY.json}) under their own names, fetched first, then written.
     */
    public static List<String> writeAgent(GatewayClient gateway, String runId, Path dir) {
        return writeAgent(gateway, runId, dir, NO_CHECK);
    }

    /** As {@link #writeAgent(GatewayClient, String, Path)}, giving the names to {@code beforeWrite} once all are fetched. */
    public static List<String> writeAgent(GatewayClient gateway, String runId, Path dir, Consumer<List<String>> beforeWrite) {
        JsonNode run = gateway.agentRun(runId);
        requireState("agent run " + runId, run.path("state").asText(), run.path("message").asText(""), RunState.CLOSED);
        List<String> names = gateway.agentFileNames(runId);
        if (names.isEmpty()) {
            throw new GatewayException("agent run " + runId + " is closed but not evaluated yet: no files (try again shortly)");
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : names) {
            files.put(name, gateway.agentFile(runId, name));
        }
        return writeAll(files, dir, beforeWrite);
    }

    private static void requireState(String what, String actual, String message, RunState state) {
        if (!state.is(actual)) {
            throw new GatewayException(what + " is " + actual + ", not " + state + ": no report yet"
                    + (message == null || message.isEmpty() ? "" : " (" + message + ")"));
        }
    }

    /**
     * Writes each file (name relative to {@code dir}, '/' for sub-directories) atomically: to a hidden partial file
     * first, then moved into place. A name that would leave {@code dir} is refused before anything is written.
     */
    static List<String> writeAll(Map<String, String> files, Path dir) {
        return writeAll(files, dir, NO_CHECK);
    }

    /** As {@link #writeAll(Map, Path)}, after {@code beforeWrite} has seen the names (its refusal writes nothing). */
    static List<String> writeAll(Map<String, String> files, Path dir, Consumer<List<String>> beforeWrite) {
        beforeWrite.accept(List.copyOf(files.keySet()));
        try {
            ReportDirectory.write(files, dir);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new GatewayException("the gateway's files: " + e.getMessage(), e);
        }
        return List.copyOf(files.keySet());
    }

    /**
     * A canonical retriever id (as the gateway answers it) as a file name: {@code all-minilm-l6-v2/exact} is
     * {@code all-minilm-l6-v2_exact}; an id of a kind only the gateway knows ({@code random(7)}) is named the same way
     * ({@link RetrieverId#fileNameOf}: no parsing).
     */
    public static String fileName(String retriever) {
        return RetrieverId.fileNameOf(retriever);
    }
}
