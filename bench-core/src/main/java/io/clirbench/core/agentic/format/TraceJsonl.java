package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.ToolCall;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Our trace format for platform runs: JSONL, one line per tool call
 * {@code {"query_id", "type": "tool_call", "tool", "arguments", "docids": [...]}} and one per final answer
 * {@code {"query_id", "type": "final_answer", "status", "text"}}; a query's calls come before its answer.
 * Converts to and from BrowseComp-Plus run directories through {@link AgentRun}.
 */
public final class TraceJsonl {

    private TraceJsonl() {
    }

    /** Reads a trace file; every bad line is reported (file, line, field) and nothing is returned. */
    public static AgentRun read(Path path, String name) {
        String file = path.getFileName().toString();
        Problems problems = new Problems();
        Map<String, List<ToolCall>> calls = new LinkedHashMap<>();
        Map<String, String[]> answers = new LinkedHashMap<>();
        JsonValues.forEachJsonLine(path, file, problems, (number, text, node) -> {
            String id = AgentJson.id(node.get("query_id"));
            String type = node.path("type").asText("");
            if (id == null || id.isEmpty()) {
                problems.add(file, number, "missing or invalid field 'query_id'");
            } else if (answers.containsKey(id)) {
                problems.add(file, number, "query_id '" + id + "' has a line after its final answer");
            } else if (type.equals("tool_call")) {
                toolCall(node, id, file, number, problems, calls);
            } else if (type.equals("final_answer")) {
                if (!node.path("text").isTextual() || !node.path("status").isTextual()) {
                    problems.add(file, number, "final_answer of '" + id + "' needs string fields 'status' and 'text'");
                } else {
                    answers.put(id, new String[] {node.get("status").asText(), node.get("text").asText()});
                }
            } else {
                problems.add(file, number, "field 'type' must be tool_call or final_answer, found " + node.get("type"));
            }
        });
        calls.keySet().stream().filter(id -> !answers.containsKey(id))
                .forEach(id -> problems.add(file, "query_id '" + id + "' has tool calls but no final_answer line"));
        problems.throwIfAny();
        List<AgentTrace> traces = new ArrayList<>();
        answers.forEach((id, a) -> {
            List<ToolCall> c = calls.getOrDefault(id, List.of());
            traces.add(new AgentTrace(id, a[0], AgentTrace.countCalls(c), List.of(), c, a[1], file, Map.of(), Map.of()));
        });
        traces.sort(java.util.Comparator.comparing(AgentTrace::queryId));
        return new AgentRun(name, null, traces, List.of());
    }

    private static void toolCall(JsonNode node, String id, String file, int number, Problems problems,
                                 Map<String, List<ToolCall>> calls) {
        JsonNode tool = node.get("tool");
        JsonNode docids = node.get("docids");
        if (tool == null || !tool.isTextual() || tool.asText().isEmpty()) {
            problems.add(file, number, "tool_call of '" + id + "' needs a non-empty string field 'tool'");
            return;
        }
        List<String> ids = new ArrayList<>();
        if (docids != null && !docids.isNull()) {
            if (!docids.isArray()) {
                problems.add(file, number, "field 'docids' of '" + id + "' must be an array");
                return;
            }
            for (JsonNode d : docids) {
                String docid = AgentJson.id(d);
                if (docid == null) {
                    problems.add(file, number, "field 'docids' of '" + id + "' holds a non-id value " + d);
                    return;
                }
                ids.add(docid);
            }
        }
        JsonNode args = node.get("arguments");
        calls.computeIfAbsent(id, k -> new ArrayList<>()).add(new ToolCall(tool.asText(),
                args == null || args.isNull() ? null : args.isTextual() ? args.asText() : args.toString(), ids, null));
    }

    /** The JSONL text of a run (queries in run order). */
    public static String write(AgentRun run) {
        StringBuilder out = new StringBuilder();
        for (AgentTrace t : run.traces()) {
            for (ToolCall c : t.calls()) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("query_id", t.queryId());
                line.put("type", "tool_call");
                line.put("tool", c.tool());
                line.put("arguments", c.arguments());
                line.put("docids", c.docids());
                out.append(AgentJson.line(line)).append('\n');
            }
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("query_id", t.queryId());
            line.put("type", "final_answer");
            line.put("status", t.status());
            line.put("text", t.finalAnswer());
            out.append(AgentJson.line(line)).append('\n');
        }
        return out.toString();
    }
}
