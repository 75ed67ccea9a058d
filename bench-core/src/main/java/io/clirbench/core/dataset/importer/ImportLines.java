package io.clirbench.core.dataset.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The line readers the collection importers share: tab-separated rows and JSON objects, one a line
 * (plain or gzip, strict UTF-8, {@link LineReader}'s limits), and the checked fields of a JSON line.
 * Every problem names the file, the 1-based line and the value.
 */
public final class ImportLines {

    /** Receives one row of a TSV file: its line number and its fields. */
    @FunctionalInterface
    public interface RowHandler {
        void row(int line, String[] fields);
    }

    /** Receives one JSON object of a JSON Lines file with its line number. */
    @FunctionalInterface
    public interface ObjectHandler {
        void object(int line, JsonNode node);
    }

    private ImportLines() {
    }

    /** The file's name as problems name it. */
    public static String name(Path file) {
        return file.getFileName().toString();
    }

    /**
     * Calls the handler for each non-blank line split at tabs into exactly {@code columns} fields;
     * a line with another count is a problem. {@code skipHeader} skips line 1.
     */
    public static void forEachRow(Path file, Problems problems, int columns, boolean skipHeader, RowHandler handler) {
        String name = name(file);
        LineReader.forEachLine(file, problems, (line, text) -> {
            if ((skipHeader && line == 1) || text.isBlank()) {
                return;
            }
            String[] fields = text.split("\t", -1);
            if (fields.length != columns) {
                problems.add(name, line, "expected " + columns + " tab-separated columns, found " + fields.length + ": "
                        + JsonValues.quote(text.replace("\t", "<TAB>")));
                return;
            }
            handler.row(line, fields);
        });
    }

    /** The first line of a file (its header), or null when the file is empty or unreadable (recorded). */
    public static String firstLine(Path file, Problems problems) {
        String[] first = {null};
        if (!Files.isRegularFile(file)) {
            problems.add(name(file), "missing file: " + file);
            return null;
        }
        LineReader.forEachLine(file, problems, (line, text) -> {
            if (line == 1) {
                first[0] = text;
            }
        });
        return first[0];
    }

    /** Calls the handler for each line that is a JSON object; a malformed line or another JSON value is a problem. */
    public static void forEachObject(Path file, Problems problems, ObjectHandler handler) {
        String name = name(file);
        JsonValues.forEachJsonLine(file, name, problems, (line, text, node) -> {
            if (!node.isObject()) {
                problems.add(name, line, "not a JSON object: " + JsonValues.quote(text));
                return;
            }
            handler.object(line, node);
        });
    }

    /** A field that must be a non-blank string; null, with the problem recorded, otherwise. */
    public static String requiredString(JsonNode node, String field, String file, int line, Problems problems) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            problems.add(file, line, "missing field '" + field + "'");
            return null;
        }
        return string(value, field, file, line, problems);
    }

    /** A field that may be absent or null (then null), and otherwise is a string (blank allowed). */
    public static String optionalString(JsonNode node, String field, String file, int line, Problems problems) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            problems.add(file, line, "'" + field + "' is not a string: " + JsonValues.quote(value.toString()));
            return null;
        }
        return value.textValue();
    }

    /** An id field: a non-blank string, or a number written as its decimal text (ir_datasets and MTEB use both). */
    public static String requiredId(JsonNode node, String field, String file, int line, Problems problems) {
        JsonNode value = node.get(field);
        if (value != null && value.isIntegralNumber()) {
            return value.asText();
        }
        return requiredString(node, field, file, line, problems);
    }

    private static String string(JsonNode value, String field, String file, int line, Problems problems) {
        if (!value.isTextual()) {
            problems.add(file, line, "'" + field + "' is not a string: " + JsonValues.quote(value.toString()));
            return null;
        }
        if (value.textValue().isBlank()) {
            problems.add(file, line, "empty '" + field + "'");
            return null;
        }
        return value.textValue();
    }
}
