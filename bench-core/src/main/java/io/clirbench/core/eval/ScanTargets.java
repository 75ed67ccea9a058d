package io.clirbench.core.eval;

import io.clirbench.core.format.trec.IdTable;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the fast run scanner looks for: per query the documents that can score (with a dataset
 * the gold documents, valued by their index in {@link QueryGold}; with bare qrels the documents
 * judged above 0, valued by their grade), and the corpus ids that tell unknown documents apart.
 * A query's table is built when the scanner meets the query (on a parsing thread) and dropped
 * with its list, so memory follows the lists in flight, not the qrels.
 */
final class ScanTargets {

    private static final IdTable NONE = IdTable.indexOf(List.of());

    private final Dataset dataset;
    private final Map<String, Map<String, Integer>> gradesByQuery;
    private final Map<String, QueryGold> goldByQuery;
    private IdTable corpus;

    ScanTargets(Dataset dataset, Map<String, Map<String, Integer>> gradesByQuery, Map<String, QueryGold> goldByQuery) {
        this.dataset = dataset;
        this.gradesByQuery = gradesByQuery;
        this.goldByQuery = goldByQuery;
    }

    /** The targets of one query; safe to call from several threads (it only reads). */
    IdTable forQuery(String queryId) {
        QueryGold gold = goldByQuery.get(queryId);
        if (gold != null) {
            return IdTable.indexOf(Arrays.asList(gold.docIds()));
        }
        Map<String, Integer> grades = gradesByQuery.get(queryId);
        if (grades == null || grades.isEmpty()) {
            return NONE;
        }
        String[] ids = new String[grades.size()];
        int[] values = new int[grades.size()];
        int n = 0;
        for (Map.Entry<String, Integer> e : grades.entrySet()) {
            if (e.getValue() > 0) {
                ids[n] = e.getKey();
                values[n++] = e.getValue();
            }
        }
        return n == 0 ? NONE : IdTable.of(Arrays.copyOf(ids, n), Arrays.copyOf(values, n));
    }

    /** The dataset's document ids (built once, on first use); null without a dataset. */
    synchronized IdTable corpus() {
        if (dataset != null && corpus == null) {
            corpus = IdTable.indexOf(dataset.corpus().stream().map(Document::id).toList());
        }
        return corpus;
    }
}
