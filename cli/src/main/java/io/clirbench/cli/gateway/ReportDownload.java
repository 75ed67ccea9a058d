package io.clirbench.cli.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.qa.report.QaReportFiles;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.search.RetrieverId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fetches a finished run's files from the gateway (a retrieval run's report and TREC runs, a QA run's report and
 * predictions, an agent run's report and run directory) and writes them into one directory, each file atomically.
 */
public final class ReportDownload {

    private ReportDownload() {
    }

    /** Writes every file (fetched first, so a failed fetch writes nothing) and returns the names written. */
    public static List<String> write(GatewayClient gateway, String runId, Path dir) {
        JsonNode run = gateway.run(runId);
        requireState("run " + runId, run, "COMPLETED");
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : ReportFiles.ALL) {
            // report.txt is missing from reports stored by versions before it existed
            String content = name.equals(ReportFiles.TEXT) ? gateway.optionalFile(runId, name) : gateway.file(runId, name);
            if (content != null) {
                files.put(name, content);
            }
        }
        for (JsonNode r : run.path("retrievers")) {
            if (r.path("state").asText().equals("FAILED")) {
                continue; // a partial run's failed retriever: named in the report, no run file
            }
            String retriever = r.path("id").asText();
            files.put(RetrieverId.parseAnyKind(retriever).trecFile(), gateway.trec(runId, retriever));
        }
        return writeAll(files, dir);
    }

    /**
     * A completed QA run's report files ({@code QaReportFiles.STORED}) and each system's predictions
     * ({@code predictions/SYSTEM.jsonl}, XHotpotQA JSONL), fetched first, then written.
     */
    public static List<String> writeQa(GatewayClient gateway, String runId, Path dir) {
        JsonNode run = gateway.qaRun(runId);
        requireState("QA run " + runId, run, "COMPLETED");
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : QaReportFiles.STORED) {
            files.put(name, gateway.qaFile(runId, name));
        }
        for (JsonNode s : run.path("retrievers")) {
            if (!s.path("state").asText().equals("FAILED")) {
                String system = s.path("id").asText();
                files.put("predictions/" + QaSystemId.parse(system).fileName() + ".jsonl", gateway.qaPredictions(runId, system));
            }
        }
        return writeAll(files, dir);
    }

    /**
     * A closed and evaluated agent run's files as the eval-service stored them (report files, {@code RUN/evaluation_summary.json},
     * the BrowseComp-Plus run directory {@code run/run_QUERY.json}) under their own names, fetched first, then written.
     */
    public static List<String> writeAgent(GatewayClient gateway, String runId, Path dir) {
        JsonNode run = gateway.agentRun(runId);
        requireState("agent run " + runId, run, "CLOSED");
        List<String> names = gateway.agentFileNames(runId);
        if (names.isEmpty()) {
            throw new GatewayException("agent run " + runId + " is closed but not evaluated yet: no files (try again shortly)");
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : names) {
            files.put(name, gateway.agentFile(runId, name));
        }
        return writeAll(files, dir);
    }

    private static void requireState(String what, JsonNode run, String state) {
        if (!run.path("state").asText().equals(state)) {
            throw new GatewayException(what + " is " + run.path("state").asText() + ", not " + state + ": no report yet"
                    + (run.path("message").asText("").isEmpty() ? "" : " (" + run.path("message").asText() + ")"));
        }
    }

    /**
     * Writes each file (name relative to {@code dir}, '/' for sub-directories) atomically: to a hidden partial file
     * first, then moved into place. A name that would leave {@code dir} is refused before anything is written.
     */
    static List<String> writeAll(Map<String, String> files, Path dir) {
        Path root = dir.toAbsolutePath().normalize();
        for (String name : files.keySet()) {
            if (!root.resolve(name).normalize().startsWith(root) || root.resolve(name).normalize().equals(root)) {
                throw new GatewayException("the gateway named a file '" + name + "' outside the output directory; nothing written");
            }
        }
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path target = root.resolve(file.getKey()).normalize();
                Files.createDirectories(target.getParent());
                Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
                Files.writeString(partial, file.getValue(), StandardCharsets.UTF_8);
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new GatewayException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
        return List.copyOf(files.keySet());
    }

    /**
     * A retriever id as a file name: {@code all-minilm-l6-v2/exact} is {@code all-minilm-l6-v2_exact}; an id of a kind only
     * the gateway knows ({@code random(7)}) is named the same way ({@link RetrieverId#parseAnyKind}).
     */
    public static String fileName(String retriever) {
        return RetrieverId.parseAnyKind(retriever).fileName();
    }
}
