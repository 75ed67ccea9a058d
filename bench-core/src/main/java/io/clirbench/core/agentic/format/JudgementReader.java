package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Judgement files: our JSONL ({@code {"query_id", "correct": "yes"|"no"|true|false|null, "confidence"?,
 * "judge_response"?, "judge_model"?, "judge_prompt_sha256"?}}), or a directory of BrowseComp-Plus per-query evaluation
 * JSON files ({@code query_id}, {@code judge_result: {correct, confidence}}, {@code judge_response}, {@code model_info:
 * {judge_model, judge_prompt_sha256?}}), as {@code bench agent judge} also writes them.
 */
public final class JudgementReader {

    private JudgementReader() {
    }

    /** Reads a JSONL file or a directory of {@code *.json} evaluation files, keyed by query id. */
    public static Map<String, Judgement> read(Path path) {
        Problems problems = new Problems();
        Map<String, Judgement> out = new LinkedHashMap<>();
        if (Files.isDirectory(path)) {
            readDirectory(path, problems, out);
        } else {
            String file = path.getFileName().toString();
            LineReader.forEachLine(path, problems, (number, text) -> {
                if (!text.isBlank()) {
                    JsonNode node = JsonValues.parse(text, file, number, problems);
                    if (node != null) {
                        add(judgement(node, node.get("correct"), node.get("confidence"), file, number, problems), file,
                                number, problems, out);
                    }
                }
            });
        }
        if (problems.isEmpty() && out.isEmpty()) {
            problems.add(path.getFileName().toString(), "no judgements");
        }
        problems.throwIfAny();
        return out;
    }

    private static void readDirectory(Path dir, Problems problems, Map<String, Judgement> out) {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        for (Path p : files) {
            String file = p.getFileName().toString();
            if (file.equals("evaluation_summary.json")) {
                continue;
            }
            String text = LineReader.readAll(p, problems, io.clirbench.core.io.InputLimits.SMALL_DOCUMENT_BYTES);
            JsonNode node = text == null ? null : JsonValues.parse(text, file, 0, problems);
            if (node == null) {
                continue;
            }
            JsonNode result = node.path("judge_result");
            add(judgement(node, result.get("correct"), result.get("confidence"), file, 0, problems), file, 0, problems, out);
        }
    }

    private static Judgement judgement(JsonNode node, JsonNode correct, JsonNode confidence, String file, int line,
                                       Problems problems) {
        String id = AgentJson.id(node.get("query_id"));
        if (id == null || id.isEmpty()) {
            problems.add(file, line, "missing or invalid field 'query_id'");
            return null;
        }
        Boolean verdict;
        if (correct == null || correct.isNull()) {
            verdict = null;
        } else if (correct.isBoolean()) {
            verdict = correct.booleanValue();
        } else if (correct.isTextual() && List.of("yes", "no", "true", "false").contains(correct.textValue().toLowerCase(Locale.ROOT))) {
            String v = correct.textValue().toLowerCase(Locale.ROOT);
            verdict = v.equals("yes") || v.equals("true");
        } else {
            problems.add(file, line, "field 'correct' of query_id '" + id + "' must be yes, no, true, false or null, found " + correct);
            return null;
        }
        Double conf = null;
        if (confidence != null && !confidence.isNull()) {
            if (!confidence.isNumber()) {
                problems.add(file, line, "field 'confidence' of query_id '" + id + "' must be a number, found " + confidence);
                return null;
            }
            conf = confidence.doubleValue();
        }
        JsonNode response = node.get("judge_response");
        JsonNode info = node.path("model_info");
        return new Judgement(id, verdict, conf, response != null && response.isTextual() ? response.textValue() : null,
                text(node.get("judge_model"), info.get("judge_model")), text(node.get("judge_prompt_sha256"),
                info.get("judge_prompt_sha256")));
    }

    /** The first of the fields that is a string, else null. */
    private static String text(JsonNode a, JsonNode b) {
        return a != null && a.isTextual() ? a.textValue() : b != null && b.isTextual() ? b.textValue() : null;
    }

    private static void add(Judgement j, String file, int line, Problems problems, Map<String, Judgement> out) {
        if (j == null) {
            return;
        }
        if (out.containsKey(j.queryId())) {
            problems.add(file, line, "query_id '" + j.queryId() + "' is judged twice");
            return;
        }
        out.put(j.queryId(), j);
    }
}
