package io.clirbench.core.qa.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import java.util.ArrayList;
import java.util.List;

/** Field access on JSON records that records a named problem (file, line, field, value) instead of throwing. */
public final class QaJson {

    /** The dataset layout's mapper: it rejects duplicate keys (a repeated id in a HotpotQA prediction map is an error). */
    public static final ObjectMapper MAPPER = JsonValues.MAPPER;

    private final String file;
    private final int line;
    private final Problems problems;

    /** Accessors for one record at {@code file} line {@code line}. */
    public QaJson(String file, int line, Problems problems) {
        this.file = file;
        this.line = line;
        this.problems = problems;
    }

    /** Records a problem on this record's line. */
    public void problem(String message) {
        problems.add(file, line, message);
    }

    /** A required non-null string field (empty allowed); null after recording a problem. */
    public String string(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            problem(where + "missing field '" + field + "'");
            return null;
        }
        if (!value.isTextual()) {
            problem(where + "'" + field + "' must be a string, found " + JsonValues.quote(value.toString()));
            return null;
        }
        return value.textValue();
    }

    /** An optional string field: null when absent or null. */
    public String optionalString(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            problem(where + "'" + field + "' must be a string, found " + JsonValues.quote(value.toString()));
            return null;
        }
        return value.textValue();
    }

    /** A required array field; null after recording a problem. */
    public JsonNode array(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            problem(where + (value == null ? "missing field '" + field + "'" : "'" + field + "' must be an array, found "
                    + JsonValues.quote(value.toString())));
            return null;
        }
        return value;
    }

    /** A list of strings; null after recording a problem. Absent or null gives null without a problem when optional. */
    public List<String> strings(JsonNode node, String field, String where, boolean optional) {
        JsonNode value = node.get(field);
        if (optional && (value == null || value.isNull())) {
            return null;
        }
        JsonNode array = array(node, field, where);
        if (array == null) {
            return null;
        }
        List<String> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            if (!array.get(i).isTextual()) {
                problem(where + "'" + field + "'[" + i + "] must be a string, found " + JsonValues.quote(array.get(i).toString()));
                return null;
            }
            out.add(array.get(i).textValue());
        }
        return out;
    }

    /** A non-negative integer field; -1 after recording a problem. */
    public int index(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 0) {
            problem(where + (value == null ? "missing field '" + field + "'" : "'" + field + "' must be a non-negative integer, found "
                    + JsonValues.quote(value.toString())));
            return -1;
        }
        return value.intValue();
    }
}
