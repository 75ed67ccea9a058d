package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.EntityReader;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.io.Csv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Imports ChemCLIR-Bench's QAC CSV ({@code balanced_100_qac.csv} and the released files of the
 * same shape; quirks in {@code shared/data/chemclir/README.md}). Columns are read by position of
 * their first header occurrence: {@code qual_linguistic_quality} and {@code qual_overall} appear
 * twice, and both copies must agree where both are filled. One query per row (id {@code qac-NNN},
 * the 1-based data row), with {@code mode}, {@code strategy}, {@code strategy_name}, the
 * mode-specific {@code question_type} (technical) or {@code framing} (semantic), {@code office}
 * (the publication number's prefix), the answer and its language (the document's, since answers
 * are spans of the patent) as metadata. The family is the publication number; the row's
 * {@code corpus_id} is judged relevant (grade 1) and family expansion is on, so every language
 * version of the patent is gold.
 *
 * <p>Documents: with a corpus file (clirbench {@code corpus.jsonl}: {@code _id}, {@code text},
 * {@code lang}, {@code family}), its documents, every judged id required among them. Without one,
 * one text-less document per language of {@code context_language} ({@code <publication>_<lang>}),
 * our reading of that column (the languages the patent exists in): enough for {@code bench eval}
 * on runs over the released corpus, refused by runs that embed (they need text).
 */
public final class ChemclirQacImporter {

    static final List<String> REQUIRED = List.of("mode", "strategy", "strategy_name", "corpus_id", "publication_number",
            "question_language", "context_language", "question", "answer", "question_type", "framing");
    private static final List<String> KEPT_SCORES = List.of("total_score", "qual_failure_type");

    private final String id;

    /** @param id the dataset id; null takes the CSV file name without extension */
    public ChemclirQacImporter(String id) {
        this.id = id;
    }

    /** Reads the CSV (and the corpus, when not null); every problem is named by file, line and value. */
    public Dataset read(Path csvFile, Path corpusFile) {
        String file = csvFile.getFileName().toString();
        Problems problems = new Problems();
        String text = LineReader.readAll(csvFile, problems);
        problems.throwIfAny();
        List<List<String>> rows;
        try {
            rows = Csv.parse(text);
        } catch (IllegalArgumentException e) {
            throw new DatasetFormatException(file, e.getMessage());
        }
        if (rows.isEmpty()) {
            throw new DatasetFormatException(file, "empty file: missing the header row");
        }
        Map<String, List<Integer>> columns = columns(rows.get(0), file, problems);
        problems.throwIfAny();
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        Map<String, Set<String>> languagesByPatent = new LinkedHashMap<>();
        for (int r = 1; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            int line = r + 1; // no field spans lines in these files; a quoted newline would shift this
            if (row.size() == 1 && row.get(0).isBlank()) {
                continue;
            }
            if (row.size() != rows.get(0).size()) {
                problems.add(file, line, "expected " + rows.get(0).size() + " columns, found " + row.size());
                continue;
            }
            Query query = query(String.format(Locale.ROOT, "qac-%03d", r), row, columns, file, line, problems, languagesByPatent);
            if (query != null) {
                queries.add(query);
                qrels.put(query.id(), Map.of(cell(row, columns, "corpus_id"), 1));
            }
        }
        problems.throwIfAny();
        List<Document> corpus = corpusFile == null ? placeholders(languagesByPatent) : corpus(corpusFile, qrels, problems);
        problems.throwIfAny();
        Set<String> languages = new TreeSet<>();
        corpus.forEach(d -> languages.add(d.lang()));
        queries.forEach(q -> languages.add(q.lang()));
        String datasetId = id != null ? id : file.replaceFirst("\\.csv(\\.gz)?$", "").replace('_', '-');
        DatasetInfo info = new DatasetInfo(datasetId, "ChemCLIR-Bench QAC " + file, "1", "CC-BY-4.0",
                "ChemCLIR-Bench QAC CSV '" + file + "'" + (corpusFile == null ? " (no corpus: documents without text)"
                        : " joined with '" + corpusFile.getFileName() + "'"), List.copyOf(languages), true,
                Map.of("attribution", "\"Patent text derived from Google Patents Public Data by IFI CLAIMS Patent Services "
                        + "and Google, used under CC BY 4.0.\""));
        return new Dataset(info, corpus, queries, Qrels.of(qrels));
    }

    private static Map<String, List<Integer>> columns(List<String> header, String file, Problems problems) {
        Map<String, List<Integer>> columns = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            columns.computeIfAbsent(header.get(i).strip(), k -> new ArrayList<>()).add(i);
        }
        for (String name : REQUIRED) {
            if (!columns.containsKey(name)) {
                problems.add(file, 1, "missing column '" + name + "' (header: " + String.join(",", header) + ")");
            }
        }
        return columns;
    }

    private static Query query(String queryId, List<String> row, Map<String, List<Integer>> columns, String file, int line,
                               Problems problems, Map<String, Set<String>> languagesByPatent) {
        int before = problems.size();
        for (var column : columns.entrySet()) {
            // a repeated header (qual_linguistic_quality, qual_overall): both copies filled must agree
            Set<String> filled = new LinkedHashSet<>();
            column.getValue().forEach(i -> {
                if (!row.get(i).isBlank()) {
                    filled.add(row.get(i).strip());
                }
            });
            if (filled.size() > 1) {
                problems.add(file, line, "column '" + column.getKey() + "' appears " + column.getValue().size()
                        + " times with different values " + filled);
            }
        }
        String mode = cell(row, columns, "mode");
        if (!mode.equals("technical") && !mode.equals("semantic")) {
            problems.add(file, line, "mode must be 'technical' or 'semantic', found '" + mode + "'");
        }
        String lang = language(cell(row, columns, "question_language"), "question_language", file, line, problems);
        String publication = cell(row, columns, "publication_number");
        String corpusId = cell(row, columns, "corpus_id");
        String docLang = corpusId.substring(corpusId.lastIndexOf('_') + 1);
        if (!corpusId.equals(publication + "_" + docLang) || LanguageCheck.problem(docLang) != null) {
            problems.add(file, line, "corpus_id '" + corpusId + "' is not '" + publication + "_<lang>'");
        }
        Set<String> contexts = new TreeSet<>();
        for (String code : cell(row, columns, "context_language").split(",")) {
            String checked = language(code.strip(), "context_language", file, line, problems);
            if (checked != null) {
                contexts.add(checked);
            }
        }
        if (!contexts.contains(docLang)) {
            problems.add(file, line, "context_language '" + cell(row, columns, "context_language")
                    + "' does not list the corpus_id language '" + docLang + "'");
        }
        String question = cell(row, columns, "question");
        if (question.isBlank()) {
            problems.add(file, line, "empty question");
        }
        if (problems.size() > before) {
            return null;
        }
        languagesByPatent.computeIfAbsent(publication, p -> new TreeSet<>()).addAll(contexts);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("mode", mode);
        metadata.put("strategy", cell(row, columns, "strategy"));
        metadata.put("strategy_name", cell(row, columns, "strategy_name"));
        String modeColumn = mode.equals("technical") ? "question_type" : "framing";
        metadata.put(modeColumn, cell(row, columns, modeColumn));
        metadata.put("office", publication.contains("-") ? publication.substring(0, publication.indexOf('-')) : publication);
        metadata.put("publication_number", publication);
        metadata.put("answer", cell(row, columns, "answer"));
        metadata.put("answer_lang", docLang);
        for (String kept : KEPT_SCORES) {
            if (columns.containsKey(kept)) {
                metadata.put(kept, cell(row, columns, kept));
            }
        }
        return new Query(queryId, question, lang, publication, metadata);
    }

    private static String cell(List<String> row, Map<String, List<Integer>> columns, String name) {
        return row.get(columns.get(name).get(0)).strip();
    }

    private static String language(String code, String column, String file, int line, Problems problems) {
        String problem = LanguageCheck.problem(code);
        if (problem != null) {
            problems.add(file, line, column + ": " + problem);
            return null;
        }
        return io.clirbench.core.model.LanguageTag.canonical(code);
    }

    private static List<Document> placeholders(Map<String, Set<String>> languagesByPatent) {
        List<Document> corpus = new ArrayList<>();
        languagesByPatent.forEach((patent, langs) -> langs.forEach(lang ->
                corpus.add(new Document(patent + "_" + lang, null, "", lang, patent, Map.of()))));
        return corpus;
    }

    private static List<Document> corpus(Path corpusFile, Map<String, Map<String, Integer>> qrels, Problems problems) {
        List<Document> corpus = EntityReader.STRICT.readCorpus(corpusFile, problems).items();
        Set<String> ids = new java.util.HashSet<>();
        corpus.forEach(d -> ids.add(d.id()));
        qrels.forEach((query, judged) -> judged.keySet().forEach(doc -> {
            if (!ids.contains(doc)) {
                problems.add(corpusFile.getFileName().toString(), "query " + query + " is judged on corpus_id '" + doc
                        + "', which is not in the corpus");
            }
        }));
        return corpus;
    }
}
