package io.clirbench.core.agentic.format;

import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.ToolCall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a run as a BrowseComp-Plus run directory: {@code run_<query id>.json} per trace (characters other than
 * letters, digits, {@code -} and {@code _} in the id become {@code _}), with {@code metadata}, {@code query_id},
 * {@code tool_call_counts}, {@code usage} (when known), {@code status}, {@code retrieved_docids} (the union of the
 * search calls' docids, in first-seen order, when the trace has no list of its own) and {@code result} (one
 * {@code tool_call} item per call, then the {@code output_text}). A call without a recorded output gets
 * {@code [{"docid": ...}]}.
 */
public final class BcpRunWriter {

    private BcpRunWriter() {
    }

    /** Writes every trace of the run into {@code dir} (created when missing). */
    public static void write(AgentRun run, Path dir) {
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, String> file : render(run).entrySet()) {
                Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write run directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The run directory in memory: file name to content ({@link AgentJson#pretty} of {@link #runFile}), sorted by
     * name; of two traces whose ids give the same file name the later one is kept, as when written one after the other.
     */
    public static Map<String, String> render(AgentRun run) {
        Map<String, String> files = new TreeMap<>();
        for (AgentTrace t : run.traces()) {
            files.put(fileName(t.queryId()), AgentJson.pretty(runFile(t)));
        }
        return files;
    }

    /** The names of the files {@link #write} writes for the run, one per query, sorted. */
    public static List<String> fileNames(AgentRun run) {
        return run.traces().stream().map(t -> fileName(t.queryId())).distinct().sorted().toList();
    }

    /** The file name of a query's run file. */
    public static String fileName(String queryId) {
        return "run_" + queryId.replaceAll("[^A-Za-z0-9_-]", "_") + ".json";
    }

    /** The run file's JSON object. */
    public static Map<String, Object> runFile(AgentTrace t) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (!t.metadata().isEmpty()) {
            out.put("metadata", t.metadata());
        }
        out.put("query_id", t.queryId());
        out.put("tool_call_counts", t.toolCallCounts());
        if (!t.usage().isEmpty()) {
            out.put("usage", t.usage());
        }
        out.put("status", t.status());
        List<String> retrieved = t.retrievedDocids();
        if (retrieved.isEmpty()) {
            LinkedHashSet<String> union = new LinkedHashSet<>();
            t.calls().stream().filter(ToolCall::isSearch).forEach(c -> union.addAll(c.docids()));
            retrieved = new ArrayList<>(union);
        }
        out.put("retrieved_docids", retrieved);
        List<Map<String, Object>> result = new ArrayList<>();
        for (ToolCall c : t.calls()) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("type", "tool_call");
            item.put("tool_name", c.tool());
            item.put("arguments", c.arguments());
            item.put("output", c.output() != null ? c.output()
                    : AgentJson.line(c.docids().stream().map(d -> Map.of("docid", d)).toList()));
            result.add(item);
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("type", "output_text");
        answer.put("tool_name", null);
        answer.put("arguments", null);
        answer.put("output", t.finalAnswer());
        result.add(answer);
        out.put("result", result);
        return out;
    }
}
