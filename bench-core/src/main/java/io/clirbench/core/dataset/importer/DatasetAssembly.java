package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Puts together the dataset of a collection importer from documents, queries and judgments read
 * from several files, checking across files what one file cannot: ids given twice, judgments on an
 * id that no file defines, a pair judged twice, empty text. Each problem names the file and line of
 * the offending entry. Queries without any judgment are dropped, as BEIR's loader does (a topics
 * file often holds the topics of other languages or splits).
 */
public final class DatasetAssembly {

    private final Problems problems;
    private final List<String> files = new ArrayList<>();
    private final Map<String, Long> documentOrigin = new HashMap<>();
    private final Map<String, Long> queryOrigin = new HashMap<>();
    private final List<Document> corpus = new ArrayList<>();
    private final List<Query> queries = new ArrayList<>();
    private final Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    private final Map<String, Long> judgedOrigin = new HashMap<>();

    /** @param problems where every problem goes; {@link #build} throws if it holds any */
    public DatasetAssembly(Problems problems) {
        this.problems = problems;
    }

    /** Adds a document read on {@code line} of {@code file}. */
    public void add(Document document, String file, int line) {
        if (validId(document.id(), file, line)
                && unique(documentOrigin, document.id(), () -> "duplicate document id " + JsonValues.quote(document.id()), file, line)
                && hasText(document.text(), file, line)) {
            corpus.add(document);
        }
    }

    /** Adds a query read on {@code line} of {@code file}. */
    public void add(Query query, String file, int line) {
        if (validId(query.id(), file, line)
                && unique(queryOrigin, query.id(), () -> "duplicate query id " + JsonValues.quote(query.id()), file, line)
                && hasText(query.text(), file, line)) {
            queries.add(query);
        }
    }

    /** Whether a document of this id was added. */
    public boolean hasDocument(String id) {
        return documentOrigin.containsKey(id);
    }

    /** Adds judgments; call after every document and query was added, so that unknown ids are found. */
    public void judge(List<Judgment> judgments) {
        for (Judgment j : judgments) {
            boolean known = true;
            if (!queryOrigin.containsKey(j.queryId())) {
                problems.add(j.file(), j.line(), "unknown query id " + JsonValues.quote(j.queryId()));
                known = false;
            }
            if (!documentOrigin.containsKey(j.docId())) {
                problems.add(j.file(), j.line(), "unknown document id " + JsonValues.quote(j.docId()));
                known = false;
            }
            if (known && unique(judgedOrigin, j.queryId() + '\t' + j.docId(), () -> "query "
                    + JsonValues.quote(j.queryId()) + " and document " + JsonValues.quote(j.docId()) + " judged twice",
                    j.file(), j.line())) {
                qrels.computeIfAbsent(j.queryId(), q -> new LinkedHashMap<>()).put(j.docId(), j.grade());
            }
        }
    }

    /**
     * The dataset: the judged queries, the documents, the judgments, and {@code info} with the
     * languages found.
     *
     * @throws io.clirbench.core.dataset.DatasetFormatException when any problem was recorded
     */
    public Dataset build(DatasetInfo info) {
        problems.throwIfAny();
        List<Query> judged = queries.stream().filter(q -> qrels.containsKey(q.id())).toList();
        if (judged.isEmpty()) {
            problems.add(files.isEmpty() ? "input" : String.join(", ", files), "no query has a judgment: nothing to evaluate");
            problems.throwIfAny();
        }
        Set<String> languages = new TreeSet<>();
        corpus.forEach(d -> languages.add(d.lang()));
        judged.forEach(q -> languages.add(q.lang()));
        DatasetInfo withLanguages = new DatasetInfo(info.id(), info.name(), info.version(), info.license(), info.source(),
                List.copyOf(languages), info.familyExpansion(), info.extra());
        return new Dataset(withLanguages, corpus, judged, Qrels.of(qrels));
    }

    // the message is built only for a repeated key: an import adds millions of ids
    private boolean unique(Map<String, Long> origins, String key, Supplier<String> repeated, String file, int line) {
        int fileIndex = files.indexOf(file);
        if (fileIndex < 0) {
            files.add(file);
            fileIndex = files.size() - 1;
        }
        Long first = origins.putIfAbsent(key, ((long) fileIndex << 32) | line);
        if (first != null) {
            String where = files.get((int) (first >>> 32)) + " line " + (int) (long) first;
            problems.add(file, line, repeated.get() + " (first in " + where + ")");
            return false;
        }
        return true;
    }

    // ids go into TREC runs and TSV qrels, where white space or a control character would split a field
    private boolean validId(String id, String file, int line) {
        if (id == null || id.isBlank() || id.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            problems.add(file, line, "id " + JsonValues.quote(JsonValues.escapeControls(String.valueOf(id)))
                    + " is empty or contains white space or a control character (ids go into TREC and TSV files)");
            return false;
        }
        return true;
    }

    private boolean hasText(String text, String file, int line) {
        if (text == null || text.isBlank()) {
            problems.add(file, line, "empty text " + JsonValues.quote(String.valueOf(text)));
            return false;
        }
        return true;
    }
}
