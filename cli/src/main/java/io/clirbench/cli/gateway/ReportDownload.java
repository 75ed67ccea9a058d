package io.clirbench.cli.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.qa.report.QaReportFiles;
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

/** Fetches a completed run's report files and TREC runs from the gateway and writes them into one directory. */
public final class ReportDownload {

    /** The QA run's console table, stored beside bench qa eval's files (what bench qa run prints). */
    private static final String QA_TEXT = "report.txt";

    private ReportDownload() {
    }

    /** Writes every file (fetched first, so a failed fetch writes nothing) and returns the names written. */
    public static List<String> write(GatewayClient gateway, String runId, Path dir) {
        JsonNode run = gateway.run(runId);
        if (!run.path("state").asText().equals("COMPLETED")) {
            throw new GatewayException("run " + runId + " is " + run.path("state").asText() + ", not COMPLETED: no report yet"
                    + (run.path("message").asText("").isEmpty() ? "" : " (" + run.path("message").asText() + ")"));
        }
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
            files.put("runs/" + fileName(retriever) + ".trec", gateway.trec(runId, retriever));
        }
        writeAll(files, dir);
        return List.copyOf(files.keySet());
    }

    /** Writes a completed QA run's files (bench qa eval's and report.txt; fetched first) and returns the names written. */
    public static List<String> writeQa(GatewayClient gateway, String runId, Path dir) {
        JsonNode run = gateway.qaRun(runId);
        if (!run.path("state").asText().equals("COMPLETED")) {
            throw new GatewayException("QA run " + runId + " is " + run.path("state").asText() + ", not COMPLETED: no report yet"
                    + (run.path("message").asText("").isEmpty() ? "" : " (" + run.path("message").asText() + ")"));
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : QaReportFiles.NAMES) {
            files.put(name, gateway.qaFile(runId, name));
        }
        files.put(QA_TEXT, gateway.qaFile(runId, QA_TEXT));
        writeAll(files, dir);
        return List.copyOf(files.keySet());
    }

    /** Each file written to a partial name first, then moved into place, so a reader never sees half a file. */
    private static void writeAll(Map<String, String> files, Path dir) {
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path target = dir.resolve(file.getKey());
                Files.createDirectories(target.getParent());
                Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
                Files.writeString(partial, file.getValue(), StandardCharsets.UTF_8);
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new GatewayException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A retriever id as a file name: {@code all-minilm-l6-v2/exact} is {@code all-minilm-l6-v2_exact}. */
    public static String fileName(String retriever) {
        return RetrieverId.parse(retriever).fileName();
    }
}
