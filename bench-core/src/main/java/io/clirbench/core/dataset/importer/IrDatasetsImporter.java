package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Imports the output of {@code ir_datasets export DATASET docs|queries|qrels}, as its exporter writes
 * it ({@code https://github.com/allenai/ir_datasets}, {@code ir_datasets/commands/export.py}):
 * <ul>
 *   <li>{@code docs} and {@code queries} with {@code --format tsv} (the default): no header, the record's fields
 *       (all of them, or those of {@code --fields}) in order, tabs and line breaks inside a value replaced by spaces;
 *       with {@code --format jsonl}: one object a line keyed by field name;</li>
 *   <li>{@code qrels}: TREC ({@code query_id iteration doc_id relevance}, space-separated).</li>
 * </ul>
 * A TSV export does not name its columns, so they are given ({@code docFields}, {@code queryFields}; by
 * default ir_datasets' generic records, {@code doc_id text} and {@code query_id text}); the file's form
 * follows its name ({@code .jsonl} or {@code .jsonl.gz}: JSON Lines, otherwise TSV). The id is
 * {@code doc_id}/{@code query_id}, the text {@code text}, a document's {@code title} its title, every
 * other field metadata. An export carries no language: {@code lang} gives the documents' and
 * {@code queryLang} the queries' (the same by default). Each document is its own family. The licence
 * is the dataset's (ir_datasets documents it per dataset): none is written unless given.
 */
public record IrDatasetsImporter(String lang, String queryLang, List<String> docFields, List<String> queryFields,
                                 String license) {

    public static final List<String> DEFAULT_DOC_FIELDS = List.of("doc_id", "text");
    public static final List<String> DEFAULT_QUERY_FIELDS = List.of("query_id", "text");
    public static final String SOURCE = "ir_datasets export (https://github.com/allenai/ir_datasets, commands/export.py)";

    public IrDatasetsImporter {
        Objects.requireNonNull(lang, "lang");
        queryLang = queryLang == null ? lang : queryLang;
        docFields = docFields == null || docFields.isEmpty() ? DEFAULT_DOC_FIELDS : List.copyOf(docFields);
        queryFields = queryFields == null || queryFields.isEmpty() ? DEFAULT_QUERY_FIELDS : List.copyOf(queryFields);
    }

    /** Reads the three exports. @param id the dataset id; null takes the docs file name's stem */
    public Dataset read(Path docs, Path queries, Path qrels, String id) {
        Problems problems = new Problems();
        String docLang = LanguageCodes.canonical(lang, "--lang", "arguments", 0, problems);
        String qLang = LanguageCodes.canonical(queryLang, "--query-lang", "arguments", 0, problems);
        checkFields(docFields, "doc_id", "--doc-fields", problems);
        checkFields(queryFields, "query_id", "--query-fields", problems);
        problems.throwIfAny();
        DatasetAssembly assembly = new DatasetAssembly(problems);
        if (JudgmentFiles.isJsonl(docs)) {
            EntityLines.documents(docs, "doc_id", docLang, "", assembly, problems);
        } else {
            String name = ImportLines.name(docs);
            ImportLines.forEachRow(docs, problems, docFields.size(), false, (line, f) -> {
                Map<String, Object> meta = row(docFields, f);
                String docId = (String) meta.remove("doc_id");
                Object title = meta.remove("title");
                String text = (String) meta.remove("text");
                assembly.add(new Document(docId, (String) title, text, docLang, docId, meta), name, line);
            });
        }
        if (JudgmentFiles.isJsonl(queries)) {
            EntityLines.queries(queries, "query_id", "text", qLang, "", assembly, problems);
        } else {
            String name = ImportLines.name(queries);
            ImportLines.forEachRow(queries, problems, queryFields.size(), false, (line, f) -> {
                Map<String, Object> meta = row(queryFields, f);
                String queryId = (String) meta.remove("query_id");
                String text = (String) meta.remove("text");
                assembly.add(new Query(queryId, text, qLang, null, meta), name, line);
            });
        }
        List<Judgment> judgments = JudgmentFiles.readTrec(qrels, problems);
        problems.throwIfAny();
        assembly.judge(judgments);
        String datasetId = id != null ? id : ImportLines.name(docs).replaceFirst("\\.(tsv|jsonl)(\\.gz)?$", "");
        return assembly.build(new DatasetInfo(datasetId, "ir_datasets export " + ImportLines.name(docs), null, license, SOURCE,
                List.of(), false));
    }

    private static Map<String, Object> row(List<String> fields, String[] values) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            row.put(fields.get(i), values[i]);
        }
        return row;
    }

    private static void checkFields(List<String> fields, String idField, String option, Problems problems) {
        for (String required : List.of(idField, "text")) {
            if (!fields.contains(required)) {
                problems.add("arguments", option + ": the fields " + fields + " lack " + JsonValues.quote(required));
            }
        }
        if (fields.stream().distinct().count() != fields.size()) {
            problems.add("arguments", option + ": a field is named twice in " + fields);
        }
    }
}
