package io.clirbench.core.qa.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sidecar file {@code clirbench-extra.jsonl} beside a dataset in XHotpotQA's record form: one line
 * {@code {"id", field: original value, ...}} per record that had something the peer's schema has no place for
 * ({@link XhotpotRecord#sidecar()}). {@code bench qa import} writes it and {@code bench qa export} carries it on.
 */
public final class XhotpotSidecar {

    private XhotpotSidecar() {
    }

    /**
     * The sidecar lines of {@code dir} by id (empty when the file is absent); a line that is not a JSON object with a
     * string {@code id}, or that repeats an id, is a problem naming the file and line.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Map<String, Object>> read(Path dir, Problems problems) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        Path file = dir.resolve(XhotpotExport.SIDECAR);
        if (!Files.isRegularFile(file)) {
            return out;
        }
        Map<String, Integer> lines = new LinkedHashMap<>();
        JsonValues.forEachJsonLine(file, XhotpotExport.SIDECAR, problems, (line, text, node) -> {
            JsonNode id = node.get("id");
            if (!node.isObject() || id == null || !id.isTextual()) {
                problems.add(XhotpotExport.SIDECAR, line, "a sidecar line needs a JSON object with a string 'id', found " + JsonValues.quote(text));
            } else if (lines.containsKey(id.textValue())) {
                problems.add(XhotpotExport.SIDECAR, line, "duplicate id " + JsonValues.quote(id.textValue()) + " (first on line "
                        + lines.get(id.textValue()) + ")");
            } else {
                lines.put(id.textValue(), line);
                out.put(id.textValue(), (Map<String, Object>) JsonValues.toJava(node));
            }
        });
        return out;
    }

    /**
     * One sidecar line from what a dataset's own sidecar held ({@code given}, may be null) and what mapping its record
     * again found ({@code found}, may be null): the given values come first and win (they are the originals), a
     * {@code provenance} map is merged key by key the same way; null when both are empty.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> merge(Map<String, Object> given, Map<String, Object> found) {
        if (given == null || given.size() <= 1) {
            return found;
        }
        Map<String, Object> out = new LinkedHashMap<>(given);
        if (found != null) {
            for (Map.Entry<String, Object> e : found.entrySet()) {
                Object old = out.get(e.getKey());
                if (e.getKey().equals("provenance") && old instanceof Map<?, ?> a && e.getValue() instanceof Map<?, ?> b) {
                    Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) a);
                    ((Map<String, Object>) b).forEach(p::putIfAbsent);
                    out.put("provenance", p);
                } else {
                    out.putIfAbsent(e.getKey(), e.getValue());
                }
            }
        }
        return out;
    }
}
