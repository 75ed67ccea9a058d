package io.clirbench.core.dataset;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.clirbench.core.io.StrictText;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON mapper of the dataset layout, and the conversion of JSON trees to plain Java values. */
public final class JsonValues {

    /** Rejects duplicate keys: with last-one-wins, a repeated "_id" would silently change the data. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Receives one parsed line of a JSON Lines file: its 1-based number, its text and its tree. */
    @FunctionalInterface
    public interface JsonLineHandler {
        void line(int number, String text, JsonNode node);
    }

    private JsonValues() {
    }

    /**
     * Calls the handler for every line of a JSON Lines file that parses ({@link LineReader#forEachLine}'s
     * limits apply); blank lines are skipped, malformed ones recorded as problems of {@code file} and skipped.
     */
    public static void forEachJsonLine(Path path, String file, Problems problems, JsonLineHandler handler) {
        LineReader.forEachLine(path, problems, (number, text) -> {
            if (text.isBlank()) {
                return;
            }
            JsonNode node = parse(text, file, number, problems);
            if (node != null) {
                handler.line(number, text, node);
            }
        });
    }

    /**
     * Parses one JSON text, or returns null after recording a "malformed JSON" problem, or an unpaired surrogate from a
     * {@code \}u escape in any string or name ({@link StrictText#loneSurrogate(JsonNode)}).
     */
    public static JsonNode parse(String text, String file, int line, Problems problems) {
        try {
            JsonNode node = MAPPER.readTree(text);
            String lone = StrictText.loneSurrogate(node);
            if (lone != null) {
                problems.add(file, line, lone);
                return null;
            }
            return node;
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            // a multi-line document (dataset.json) reports Jackson's line; a JSONL line its own number
            int where = line == 0 && at != null && at.getLineNr() > 0 ? at.getLineNr() : line;
            String column = at != null && at.getColumnNr() > 0 ? " at column " + at.getColumnNr() : "";
            String offending = line == 0 ? text.lines().skip(Math.max(0, where - 1)).findFirst().orElse("") : text;
            String shown = offending.isBlank() ? "" : " in " + quote(offending.strip());
            problems.add(file, where, "malformed JSON" + column + ": " + e.getOriginalMessage() + shown);
            return null;
        }
    }

    /** Parses JSON text that was valid when read (e.g. {@link io.clirbench.core.model.DatasetInfo#extra()} values). */
    public static JsonNode parseKnown(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + quote(json), e);
        }
    }

    /** Converts a JSON tree to String, Number, Boolean, List, Map (insertion-ordered) or null. */
    public static Object toJava(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isNumber()) {
            return node.numberValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>(node.size());
            node.forEach(item -> list.add(toJava(item)));
            return list;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        node.properties().forEach(e -> map.put(e.getKey(), toJava(e.getValue())));
        return map;
    }

    /** Quotes a value for a problem message, shortened so that a long text does not flood it. */
    public static String quote(String value) {
        return "'" + io.clirbench.core.io.InputLimits.shorten(value) + "'";
    }

    /** {@code value} with each control character (U+0000-U+001F, U+007F-U+009F) written {@code \\uXXXX}, so that a message shows it. */
    public static String escapeControls(String value) {
        StringBuilder b = new StringBuilder(value.length() + 8);
        value.chars().forEach(c -> b.append(Character.isISOControl(c) ? String.format(java.util.Locale.ROOT, "\\u%04X", c)
                : String.valueOf((char) c)));
        return b.toString();
    }
}
