package io.clirbench.core.qa.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a prediction file in either format, told apart by content (ARCHITECTURE.md "QA dataset layout"):
 * one JSON object whose {@code answer} and/or {@code sp} members are objects is a HotpotQA file
 * ({@code {"answer": {id: text}, "sp": {id: [[title, sent]]}}}); anything else is read as XHotpotQA
 * JSON lines ({@code {"id", "answer", "supporting_facts": [{"paragraph_id", "sentence_id"}]}}).
 * A duplicate id is an error naming its line; the whole file is checked before anything is returned.
 */
public final class PredictionReader {

    /** The two formats. */
    public enum Format { XHOTPOTQA_JSONL, HOTPOTQA_JSON }

    /** The predictions by id, in file order, and the format found. */
    public record Predictions(Format format, Map<String, QaPrediction> byId) {
    }

    private PredictionReader() {
    }

    /** Reads and checks the whole file; throws {@link DatasetFormatException} listing every problem. */
    public static Predictions read(Path file) {
        Problems problems = new Problems();
        String name = file.getFileName().toString();
        // the whole file is checked (size, UTF-8) as one text, but made a string only when it is a HotpotQA file
        byte[] bytes = LineReader.readAllBytes(file, problems);
        problems.throwIfAny();
        boolean whole = hotpotCandidate(bytes);
        String text = whole ? new String(bytes, StandardCharsets.UTF_8) : null;
        bytes = null; // a large JSON Lines file is read again line by line: not held meanwhile
        Predictions out = whole ? hotpot(text, name, problems) : jsonLines(file, name, problems);
        problems.throwIfAny();
        return out;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper LENIENT = new com.fasterxml.jackson.databind.ObjectMapper();

    // whether the whole text (UTF-8, checked) is one object with an object-valued "answer" or "sp" (a HotpotQA file)
    private static boolean hotpotCandidate(byte[] text) {
        int first = 0;
        while (first < text.length && text[first] >= 0 && Character.isWhitespace(text[first])) {
            first++;
        }
        if (first == text.length || text[first] != '{') {
            return false; // (a non-ASCII character first, even a Unicode space, is not JSON: no HotpotQA file either)
        }
        try (com.fasterxml.jackson.core.JsonParser parser = LENIENT.createParser(text)) {
            JsonNode node = LENIENT.readTree(parser);
            boolean single = parser.nextToken() == null;
            boolean shaped = node != null && node.isObject() && !node.has("id")
                    && (node.path("answer").isObject() || node.path("sp").isObject());
            return single && shaped;
        } catch (java.io.IOException e) {
            return false; // not one JSON value: read as JSON lines, which names the bad line
        }
    }

    private static Predictions hotpot(String text, String file, Problems problems) {
        JsonNode node;
        try {
            node = QaJson.MAPPER.readTree(text); // strict: a repeated id in a map is an error
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            problems.add(file, line, "duplicate prediction id: " + e.getOriginalMessage());
            return null;
        }
        String lone = io.clirbench.core.io.StrictText.loneSurrogate(node);
        if (lone != null) {
            problems.add(file, 0, lone);
            return null;
        }
        Map<String, String> answers = new LinkedHashMap<>();
        Map<String, Set<FactKey>> support = new LinkedHashMap<>();
        node.path("answer").properties().forEach(e -> {
            if (!e.getValue().isTextual()) {
                problems.add(file, lineOf(text, e.getKey()), "answer of " + JsonValues.quote(e.getKey()) + " must be a string, found "
                        + JsonValues.quote(e.getValue().toString()));
            } else {
                answers.put(e.getKey(), e.getValue().textValue());
            }
        });
        node.path("sp").properties().forEach(e -> {
            Set<FactKey> facts = titledFacts(e.getValue(), e.getKey(), file, lineOf(text, e.getKey()), problems);
            if (facts != null) {
                support.put(e.getKey(), facts);
            }
        });
        Map<String, QaPrediction> byId = new LinkedHashMap<>();
        answers.keySet().forEach(id -> byId.put(id, null));
        support.keySet().forEach(id -> byId.putIfAbsent(id, null));
        byId.replaceAll((id, ignored) -> new QaPrediction(id, answers.get(id), support.get(id), true));
        return new Predictions(Format.HOTPOTQA_JSON, byId);
    }

    private static Set<FactKey> titledFacts(JsonNode value, String id, String file, int line, Problems problems) {
        if (!value.isArray()) {
            problems.add(file, line, "sp of " + JsonValues.quote(id) + " must be a list of [title, sentence], found "
                    + JsonValues.quote(value.toString()));
            return null;
        }
        Set<FactKey> facts = new HashSet<>();
        for (JsonNode fact : value) {
            if (!fact.isArray() || fact.size() != 2 || !fact.get(0).isTextual() || !fact.get(1).isIntegralNumber()
                    || fact.get(1).intValue() < 0) {
                problems.add(file, line, "sp of " + JsonValues.quote(id) + ": each fact must be [title, non-negative sentence index], found "
                        + JsonValues.quote(fact.toString()));
                return null;
            }
            facts.add(new FactKey(fact.get(0).textValue(), fact.get(1).intValue()));
        }
        return facts;
    }

    // the line where a map key first appears (for messages); 0 when not found
    private static int lineOf(String text, String key) {
        int at = text.indexOf("\"" + key + "\"");
        return at < 0 ? 0 : (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    private static Predictions jsonLines(Path path, String file, Problems problems) {
        PredictionTable byId = new PredictionTable();
        Map<FactKey, FactKey> keys = new java.util.HashMap<>(); // one FactKey per distinct fact: a large file's facts repeat
        // workers read the usual lines from their bytes; this thread adds them in file order, and reads any other line the
        // tree way (JsonValues.forEachJsonLine's way), which names any problem
        ParallelLines.run(path, "qa-predictions", batch -> {
            List<Read> out = new ArrayList<>(batch.size());
            for (ParallelLines.Line line : batch) {
                out.add(new Read(line, usual(line.bytes(), line.start(), line.end())));
            }
            return out;
        }, new ParallelLines.Consumer<Read>() {
            @Override
            public void readerProblems(List<io.clirbench.core.dataset.Problem> readerProblems) {
                readerProblems.forEach(p -> problems.add(p.file(), p.line(), p.message()));
            }

            @Override
            public void results(List<Read> reads) {
                for (Read read : reads) {
                    int line = read.line().number();
                    Usual usual = read.usual();
                    if (usual == null) {
                        treeLine(read.line(), file, problems, byId, keys);
                        continue;
                    }
                    int first = byId.add(usual.id(), usual.answer(), usual.facts(), line);
                    if (first != 0) {
                        new QaJson(file, line, problems).problem("duplicate prediction id " + JsonValues.quote(usual.id())
                                + " (first on line " + first + ")");
                    }
                }
            }
        });
        byId.trim();
        return new Predictions(Format.XHOTPOTQA_JSONL, byId);
    }

    // a line as a worker read it: the usual line's values, or null for the tree path
    private record Read(ParallelLines.Line line, Usual usual) {
    }

    // any line but the usual: decoded, parsed into a tree, checked member by member
    private static void treeLine(ParallelLines.Line read, String file, Problems problems, PredictionTable byId,
                                 Map<FactKey, FactKey> keys) {
        int line = read.number();
        String text = LineReader.decodeLine(read.bytes(), read.start(), read.end(), file, line, problems);
        if (text == null || text.isBlank()) {
            return;
        }
        JsonNode node = JsonValues.parse(text, file, line, problems);
        if (node == null) {
            return;
        }
        QaJson json = new QaJson(file, line, problems);
        if (!node.isObject()) {
            json.problem("not a JSON object: " + JsonValues.quote(text));
            return;
        }
        String id = json.string(node, "id", "");
        String answer = answer(node.get("answer"), json);
        Set<FactKey> facts = facts(node, json, keys);
        if (id == null) {
            return;
        }
        int first = byId.add(id, answer != null && answer.isEmpty() ? "" : answer, facts, line);
        if (first != 0) {
            json.problem("duplicate prediction id " + JsonValues.quote(id) + " (first on line " + first + ")");
        }
    }

    private static final byte[][] PREDICTION = Utf8JsonCursor.names("id", "answer", "supporting_facts");

    /**
     * Reads a line of the usual shape ({@code {"id": string, "answer": string, "supporting_facts": null or [{"paragraph_id":
     * string, "sentence_id": int >= 0, "role": string or null}, ...]}}, in any order, any other member skipped) from its UTF-8
     * bytes ({@link Utf8JsonCursor}: what Jackson with the same features accepts): the values the tree path reads from it.
     * Null, leaving the line to the tree path, for anything else (another type, a repeated member, trailing content, a
     * malformed line, a line that is not UTF-8).
     */
    static Usual usual(byte[] bytes, int start, int end) {
        try {
            Utf8JsonCursor c = new Utf8JsonCursor(bytes, start, end);
            String id = null;
            String answer = null;
            List<FactKey> facts = null;
            c.expect('{');
            if (!c.empty('}')) {
                Utf8JsonCursor.Names names = new Utf8JsonCursor.Names();
                do {
                    switch (c.name(PREDICTION, names)) {
                        case 0 -> id = c.string();
                        case 1 -> answer = c.string();
                        case 2 -> facts = c.nullValue() ? null : usualFacts(c);
                        default -> c.skipValue();
                    }
                } while (c.more('}'));
            }
            c.expectEnd();
            return id == null ? null : new Usual(id, answer != null && answer.isEmpty() ? "" : answer, facts);
        } catch (Utf8JsonCursor.NotSure e) {
            return null;
        }
    }

    // a usual line's id, answer (null when absent) and facts (null when absent)
    record Usual(String id, String answer, List<FactKey> facts) {
    }

    // the facts of a "supporting_facts" array of the usual shape: an instance's facts (ScoringRecordScanner), as keys
    private static List<FactKey> usualFacts(Utf8JsonCursor c) {
        List<FactKey> facts = new ArrayList<>();
        ScoringRecordScanner.facts(c).forEach(f -> facts.add(f.key()));
        return facts;
    }

    /**
     * The answer as XHotpotQA reads it ({@code str(prediction["answer"])}): a string as is, a number or a
     * boolean as Python prints it ({@code 1996}, {@code 2.5}, {@code True}), and JSON {@code null} as
     * {@code "None"} (the peer's {@code str(None)}: its stored outputs score a null prediction against the
     * gold answer "none" as an exact match, and parity follows them). An absent key is a missing answer.
     */
    static String answer(JsonNode value, QaJson json) {
        if (value == null) {
            return null;
        }
        if (value.isNull()) {
            return "None";
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? "True" : "False";
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        if (value.isNumber()) {
            // Python's repr for the usual range: shortest digits, always a decimal point
            String plain = new java.math.BigDecimal(Double.toString(value.doubleValue())).stripTrailingZeros().toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        json.problem("'answer' must be a string, found " + JsonValues.quote(value.toString()));
        return null;
    }

    // absent supporting_facts: that side is missing (null)
    private static Set<FactKey> facts(JsonNode node, QaJson json, Map<FactKey, FactKey> keys) {
        JsonNode array = node.get("supporting_facts");
        if (array == null || array.isNull()) {
            return null;
        }
        if (!array.isArray()) {
            json.problem("'supporting_facts' must be an array, found " + JsonValues.quote(array.toString()));
            return null;
        }
        Set<FactKey> facts = new HashSet<>();
        QaRecordParser.factList(array, json).forEach(f -> facts.add(keys.computeIfAbsent(f.key(), k -> k)));
        return facts;
    }
}
