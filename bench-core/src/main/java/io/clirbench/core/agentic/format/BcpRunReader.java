package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.ToolCall;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.io.StrictText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Reads a BrowseComp-Plus run directory: one JSON file per query ({@code *.json}, sorted by name) with
 * {@code query_id}, {@code tool_call_counts}, {@code status}, {@code retrieved_docids} and {@code result}
 * (whose last element, when of type {@code output_text}, holds the final answer), and {@code metadata} /
 * {@code usage} when present. A file that is not valid JSON or lacks a field is an error naming the file and
 * the field in strict mode, and a counted, listed skip otherwise. Docids are compared as strings (JSON numbers
 * are taken as their text; those of {@code retrieved_docids} are also recorded as {@link AgentTrace#numericDocids}, which
 * BrowseComp-Plus never matches). The docids a search call returned are read from its {@code output} (a JSON list of
 * {@code {"docid", ...}}), as BrowseComp-Plus's search tool writes it.
 * <p>
 * With BrowseComp-Plus's input rules ({@code bcpInputRules}, the compatible mode): a file whose {@code query_id} is
 * falsy in Python (JSON {@code 0}, {@code ""}, {@code null}, or absent) is skipped, as {@code evaluate_run.py}'s
 * {@code if not query_id ...: continue} does; it is listed among the skipped files with that reason but is neither an
 * error (strict or not) nor a scored query.
 */
public final class BcpRunReader {

    private BcpRunReader() {
    }

    /** A run file that is not strict UTF-8: a problem naming its line and byte offset, never U+FFFD in a trace. */
    private static final class NotUtf8 extends RuntimeException {
        final StrictText.InvalidUtf8Exception bad;

        NotUtf8(StrictText.InvalidUtf8Exception bad) {
            super(bad.getMessage(), bad, false, false);
            this.bad = bad;
        }
    }

    /** Reads the directory; strict: any bad file throws (listing every problem), lenient: bad files are skipped and listed. */
    public static AgentRun read(Path dir, String name, boolean strict) {
        return read(dir, name, strict, false);
    }

    /** Reads the directory, with BrowseComp-Plus's input rules when {@code bcpInputRules} (see the class comment). */
    public static AgentRun read(Path dir, String name, boolean strict, boolean bcpInputRules) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": not a run directory");
        }
        List<String> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)).sorted()
                    .map(p -> p.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(dir + ": no .json run files");
        }
        return read(files, file -> text(dir.resolve(file)), name, strict, bcpInputRules);
    }

    /**
     * Reads a run directory held in memory (file name → content, as {@link BcpRunWriter#render} gives it), exactly as
     * {@link #read(Path, String, boolean)} reads the same files from disk.
     */
    public static AgentRun read(Map<String, String> dir, String name, boolean strict) {
        List<String> files = dir.keySet().stream().filter(f -> f.endsWith(".json")).sorted().toList();
        if (files.isEmpty()) {
            throw new IllegalArgumentException("run " + name + ": no .json run files");
        }
        return read(files, dir::get, name, strict, false);
    }

    /** The files in order; {@code text} gives a file's content, or throws {@link NotUtf8}. */
    private static AgentRun read(List<String> files, Function<String, String> text, String name, boolean strict,
                                 boolean bcpInputRules) {
        Problems problems = new Problems();
        List<AgentTrace> traces = new ArrayList<>();
        List<AgentRun.Skipped> skipped = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        String model = null;
        for (String file : files) {
            String content;
            try {
                content = text.apply(file);
            } catch (NotUtf8 e) {
                problems.add(file, e.bad.line(), e.bad.problem());
                skipped.add(new AgentRun.Skipped(file, e.bad.problem()));
                continue;
            }
            String falsy = bcpInputRules ? falsyQueryId(content) : null;
            if (falsy != null) {
                skipped.add(new AgentRun.Skipped(file, "query_id " + falsy + " is falsy: BrowseComp-Plus skips the file"));
                continue;
            }
            Problems own = new Problems();
            AgentTrace trace = parse(file, content, own);
            if (trace != null && seen.containsKey(trace.queryId())) {
                own.add(file, "query_id '" + trace.queryId() + "' is also in " + seen.get(trace.queryId()));
            }
            if (!own.isEmpty()) {
                own.list().forEach(p -> problems.add(p.file(), p.line(), p.message()));
                skipped.add(new AgentRun.Skipped(file, own.list().get(0).message()));
                continue;
            }
            seen.put(trace.queryId(), trace.source());
            traces.add(trace);
            if (model == null && trace.metadata().get("model") != null) {
                model = String.valueOf(trace.metadata().get("model"));
            }
        }
        if (strict) {
            problems.throwIfAny();
        }
        traces.sort(java.util.Comparator.comparing(AgentTrace::queryId));
        return new AgentRun(name, model, traces, skipped);
    }

    /** The falsy {@code query_id} of a run file as JSON text ({@code 0}, {@code ""}, {@code null}, {@code absent}), else null. */
    private static String falsyQueryId(String text) {
        JsonNode root;
        try {
            root = AgentJson.MAPPER.readTree(text);
        } catch (IOException e) {
            return null; // not JSON: reported as such by parse
        }
        if (root == null || !root.isObject()) {
            return null;
        }
        JsonNode id = root.get("query_id");
        if (id == null) {
            return "absent";
        }
        boolean falsy = id.isNull() || (id.isTextual() && id.textValue().isEmpty()) || (id.isNumber() && id.asDouble() == 0)
                || (id.isBoolean() && !id.booleanValue()) || (id.isContainerNode() && id.isEmpty());
        return falsy ? id.toString() : null;
    }

    /** A file's text; {@link NotUtf8} when it is not strict UTF-8. */
    private static String text(Path path) {
        try (java.io.InputStream in = Files.newInputStream(path)) {
            return StrictText.read(in);
        } catch (StrictText.InvalidUtf8Exception e) {
            throw new NotUtf8(e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** One run file, or {@code null} after recording its problems. */
    static AgentTrace parse(String file, String text, Problems problems) {
        JsonNode root = JsonValues.parse(text, file, 0, problems);
        if (root == null) {
            return null;
        }
        if (!root.isObject()) {
            problems.add(file, "expected a JSON object, found " + root.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
            return null;
        }
        int before = problems.size();
        String queryId = AgentJson.id(root.get("query_id"));
        if (queryId == null || queryId.isEmpty()) {
            problems.add(file, field(root, "query_id", "a non-empty string or integer"));
        }
        JsonNode status = root.get("status");
        if (status == null || !status.isTextual()) {
            problems.add(file, field(root, "status", "a string"));
        }
        Map<String, Integer> counts = toolCounts(root.get("tool_call_counts"), file, problems);
        List<String> retrieved = docids(root.get("retrieved_docids"), "retrieved_docids", file, problems);
        java.util.Set<String> numeric = numericOnly(root.get("retrieved_docids"));
        JsonNode result = root.get("result");
        List<ToolCall> calls = new ArrayList<>();
        String answer = "";
        if (result == null || !result.isArray()) {
            problems.add(file, field(root, "result", "an array"));
        } else {
            answer = finalAnswer(result);
            calls = calls(result, file, problems);
        }
        if (problems.size() > before) {
            return null;
        }
        return new AgentTrace(queryId, status.textValue(), counts, retrieved, calls, answer, file,
                object(root.get("metadata")), object(root.get("usage")), numeric);
    }

    /** BrowseComp-Plus: the answer is the {@code output} of the last result item when that item is {@code output_text}. */
    private static String finalAnswer(JsonNode result) {
        if (result.isEmpty()) {
            return "";
        }
        JsonNode last = result.get(result.size() - 1);
        if (last.isObject() && "output_text".equals(last.path("type").asText()) && last.path("output").isTextual()) {
            return last.get("output").textValue();
        }
        return "";
    }

    private static List<ToolCall> calls(JsonNode result, String file, Problems problems) {
        List<ToolCall> calls = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            JsonNode item = result.get(i);
            if (!item.isObject() || !"tool_call".equals(item.path("type").asText())) {
                continue;
            }
            JsonNode tool = item.get("tool_name");
            if (tool == null || !tool.isTextual()) {
                problems.add(file, "field 'result[" + i + "].tool_name' must be a string");
                continue;
            }
            JsonNode args = item.get("arguments");
            String arguments = args == null || args.isNull() ? null : args.isTextual() ? args.textValue() : args.toString();
            List<String> docids = ToolCall.isSearchTool(tool.textValue())
                    ? returnedDocids(item.get("output"), "result[" + i + "].output", file, problems) : List.of();
            JsonNode out = item.get("output");
            calls.add(new ToolCall(tool.textValue(), arguments, docids,
                    out == null || out.isNull() ? null : out.isTextual() ? out.textValue() : out.toString()));
        }
        return calls;
    }

    /** A search call's output: a JSON list of objects with {@code docid} (as text, or already parsed). */
    private static List<String> returnedDocids(JsonNode output, String field, String file, Problems problems) {
        JsonNode list = output;
        if (output != null && output.isTextual()) {
            try {
                list = AgentJson.MAPPER.readTree(output.textValue());
            } catch (IOException e) {
                list = null;
            }
        }
        if (list == null || !list.isArray()) {
            problems.add(file, "field '" + field + "' must be a JSON list of {\"docid\": ...} results");
            return List.of();
        }
        List<String> docids = new ArrayList<>();
        for (JsonNode hit : list) {
            String docid = AgentJson.id(hit.get("docid"));
            if (docid == null) {
                problems.add(file, "field '" + field + "' has a result without a string or integer 'docid'");
                return List.of();
            }
            docids.add(docid);
        }
        return docids;
    }

    private static Map<String, Integer> toolCounts(JsonNode node, String file, Problems problems) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        if (node == null || !node.isObject()) {
            problems.add(file, node == null ? "missing field 'tool_call_counts'" : "field 'tool_call_counts' must be an object");
            return counts;
        }
        node.properties().forEach(e -> {
            if (!e.getValue().isIntegralNumber() || e.getValue().asLong() < 0) {
                problems.add(file, "field 'tool_call_counts." + e.getKey() + "' must be a count (integer >= 0), found "
                        + e.getValue());
            } else {
                counts.put(e.getKey(), e.getValue().asInt());
            }
        });
        return counts;
    }

    private static List<String> docids(JsonNode node, String field, String file, Problems problems) {
        List<String> out = new ArrayList<>();
        if (node == null || !node.isArray()) {
            problems.add(file, node == null ? "missing field '" + field + "'" : "field '" + field + "' must be an array");
            return out;
        }
        for (int i = 0; i < node.size(); i++) {
            String id = AgentJson.id(node.get(i));
            if (id == null) {
                problems.add(file, "field '" + field + "[" + i + "]' must be a string or integer docid, found " + node.get(i));
            } else {
                out.add(id);
            }
        }
        return out;
    }

    /** The docids of the list given only as JSON integers (a docid also given as a string is matched by that string). */
    private static java.util.Set<String> numericOnly(JsonNode node) {
        java.util.Set<String> numbers = new java.util.HashSet<>();
        java.util.Set<String> strings = new java.util.HashSet<>();
        if (node != null && node.isArray()) {
            node.forEach(n -> {
                if (n.isIntegralNumber()) {
                    numbers.add(n.asText());
                } else if (n.isTextual()) {
                    strings.add(n.textValue());
                }
            });
        }
        numbers.removeAll(strings);
        return numbers;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(JsonNode node) {
        return node != null && node.isObject() ? (Map<String, Object>) JsonValues.toJava(node) : Map.of();
    }

    private static String field(JsonNode root, String name, String expected) {
        return root.has(name) ? "field '" + name + "' must be " + expected + ", found " + root.get(name) : "missing field '" + name + "'";
    }
}
