package io.clirbench.core.dataset.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads the documents and queries of a collection's JSON Lines files whose field names differ from
 * ours ({@code docid} in MIRACL, {@code id} in NeuCLIR, {@code doc_id}/{@code query_id} in
 * ir_datasets, {@code _id} in MTEB) into a {@link DatasetAssembly}. The id, {@code title} and the text
 * field are read; every other field is kept as metadata. Each document is its own family.
 */
final class EntityLines {

    private EntityLines() {
    }

    /**
     * @param idField  the field holding the id
     * @param lang     the ISO 639-1 language of every line
     * @param idPrefix prepended to every id ("" for none)
     */
    static void documents(Path file, String idField, String lang, String idPrefix, DatasetAssembly assembly,
                          Problems problems) {
        String name = ImportLines.name(file);
        ImportLines.forEachObject(file, problems, (line, node) -> {
            String id = ImportLines.requiredId(node, idField, name, line, problems);
            String title = ImportLines.optionalString(node, "title", name, line, problems);
            String text = ImportLines.requiredString(node, "text", name, line, problems);
            if (id != null && text != null) {
                String docId = idPrefix + id;
                Map<String, Object> meta = metadata(node, Set.of(idField, "title", "text"));
                assembly.add(new Document(docId, title, text, lang, docId, meta), name, line);
            }
        });
    }

    /** Queries: as {@link #documents}, the text in {@code textField}, a {@code title} kept as metadata. */
    static void queries(Path file, String idField, String textField, String lang, String idPrefix, DatasetAssembly assembly,
                        Problems problems) {
        String name = ImportLines.name(file);
        ImportLines.forEachObject(file, problems, (line, node) -> {
            String id = ImportLines.requiredId(node, idField, name, line, problems);
            String text = ImportLines.requiredString(node, textField, name, line, problems);
            if (id != null && text != null) {
                assembly.add(new Query(idPrefix + id, text, lang, null, metadata(node, Set.of(idField, textField))), name, line);
            }
        });
    }

    // fields named like ours (lang, family) would be reserved in the written line: kept under a prefixed name
    private static Map<String, Object> metadata(JsonNode node, Set<String> read) {
        Map<String, Object> meta = new LinkedHashMap<>();
        node.properties().forEach(e -> {
            if (!read.contains(e.getKey())) {
                String key = Set.of("_id", "title", "text", "lang", "family").contains(e.getKey()) ? "source_" + e.getKey() : e.getKey();
                meta.put(key, JsonValues.toJava(e.getValue()));
            }
        });
        return meta;
    }
}
