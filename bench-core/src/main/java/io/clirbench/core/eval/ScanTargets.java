package io.clirbench.core.eval;

import io.clirbench.core.format.trec.IdTable;
import io.clirbench.core.format.trec.JudgmentTable;
import io.clirbench.core.metrics.Judgments;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the fast run scanner looks for: per query the documents that can score (with a dataset
 * the gold documents, valued by their index in {@link QueryGold}; with bare qrels the documents
 * judged above 0, valued by their grade), and the corpus ids that tell unknown documents apart. When the measures
 * read judged non-relevant documents ({@code bpref}, {@code Judged@k}) those are targets too: valued
 * {@link #nonRelevantValue} with a dataset's gold (one past the gold indexes), 0 with bare qrels.
 * A query's table is built when the scanner meets the query (on a parsing thread) and dropped
 * with its list, so memory follows the lists in flight, not the qrels.
 */
final class ScanTargets {

    private static final IdTable NONE = IdTable.indexOf(List.of());

    private final Dataset dataset;
    private final Judgments judgments;
    private final Map<String, QueryGold> goldByQuery;
    private final boolean withNonRelevant;
    private IdTable corpus;

    ScanTargets(Dataset dataset, Judgments judgments, Map<String, QueryGold> goldByQuery, boolean withNonRelevant) {
        this.dataset = dataset;
        this.judgments = judgments;
        this.goldByQuery = goldByQuery;
        this.withNonRelevant = withNonRelevant;
    }

    /** The value of a judged non-relevant target of a query with this gold: one past its gold documents' indexes. */
    static int nonRelevantValue(QueryGold gold) {
        return gold.docIds().length;
    }

    /** The targets of one query; safe to call from several threads (it only reads). */
    IdTable forQuery(String queryId) {
        if (judgments instanceof JudgmentTable table && !goldByQuery.containsKey(queryId)) {
            // from the qrels file's bytes, no String per id
            IdTable targets = withNonRelevant ? table.judgedTargets(queryId) : table.targets(queryId);
            return targets == null ? NONE : targets;
        }
        Chosen chosen = chosen(queryId);
        return chosen.ids().length == 0 ? NONE : IdTable.of(chosen.ids(), chosen.values());
    }

    /**
     * The targets of one query as {@link #forQuery} chooses them, keyed by their index in {@code corpus} (for lists
     * stored as {@link io.clirbench.core.run.PackedList}); a target the corpus does not hold cannot be ranked and is left out.
     */
    IndexedTargets forQueryByIndex(String queryId, CorpusIds corpus) {
        Chosen chosen = chosen(queryId);
        String[] ids = chosen.ids();
        int[] values = chosen.values();
        long[] byIndex = new long[ids.length]; // corpus index in the high half, value in the low: sorted by index
        int n = 0;
        for (int i = 0; i < ids.length; i++) {
            int index = corpus.indexOf(ids[i]);
            if (index >= 0) {
                byIndex[n++] = ((long) index << 32) | (values[i] & 0xFFFFFFFFL);
            }
        }
        long[] sorted = Arrays.copyOf(byIndex, n);
        Arrays.sort(sorted);
        return new IndexedTargets(sorted);
    }

    /**
     * The documents of a query that can score and their values: with a dataset, its gold documents valued by their
     * index in {@link QueryGold}; else the documents judged above 0, valued by their grade. With non-relevant targets,
     * also the documents judged 0 or below, valued {@link #nonRelevantValue} (gold) or 0.
     */
    private Chosen chosen(String queryId) {
        QueryGold gold = goldByQuery.get(queryId);
        Map<String, Integer> grades = judgments.grades(queryId);
        int goldSize = gold == null ? 0 : gold.docIds().length;
        int size = goldSize + (grades == null ? 0 : grades.size());
        String[] ids = new String[size];
        int[] values = new int[size];
        int n = 0;
        for (; n < goldSize; n++) {
            ids[n] = gold.docIds()[n];
            values[n] = n;
        }
        if (grades != null) {
            for (Map.Entry<String, Integer> e : grades.entrySet()) {
                boolean relevant = e.getValue() > 0;
                if (relevant && gold == null) {
                    ids[n] = e.getKey();
                    values[n++] = e.getValue();
                } else if (!relevant && withNonRelevant) {
                    ids[n] = e.getKey();
                    values[n++] = gold == null ? 0 : goldSize;
                }
            }
        }
        return new Chosen(Arrays.copyOf(ids, n), Arrays.copyOf(values, n));
    }

    private record Chosen(String[] ids, int[] values) {
    }

    /** One query's targets by corpus index: each a long, the index in its high half and the value in its low. */
    record IndexedTargets(long[] sorted) {

        /** The value of the corpus document {@code index}, or -1 when it is no target. */
        int valueOf(int index) {
            int low = 0;
            int high = sorted.length - 1;
            while (low <= high) {
                int mid = (low + high) >>> 1;
                int at = (int) (sorted[mid] >>> 32);
                if (at < index) {
                    low = mid + 1;
                } else if (at > index) {
                    high = mid - 1;
                } else {
                    return (int) sorted[mid];
                }
            }
            return -1;
        }

        int size() {
            return sorted.length;
        }
    }

    /** The dataset's document ids (built once, on first use); null without a dataset. */
    synchronized IdTable corpus() {
        if (dataset != null && corpus == null) {
            corpus = IdTable.indexOf(dataset.corpus().stream().map(Document::id).toList());
        }
        return corpus;
    }
}
