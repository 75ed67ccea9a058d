package io.clirbench.core.format.trec;

import io.clirbench.core.run.DocIdSet;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.run.TrecOrder;
import java.util.Arrays;

/** Collects one query's run lines, rejects a duplicate document id, and builds the list in trec_eval order. */
final class QueryListBuilder {

    private final String fileName;
    private String queryId;
    private String[] ids;
    private double[] scores;
    private int size;
    private final DocIdSet seen;

    /** A builder sized for about {@code expected} documents before it grows. */
    QueryListBuilder(String fileName, int expected) {
        this.fileName = fileName;
        ids = new String[expected];
        scores = new double[expected];
        seen = new DocIdSet(expected);
    }

    /** Starts a new query, forgetting the previous one. */
    QueryListBuilder reset(String queryId) {
        this.queryId = queryId;
        size = 0;
        seen.clear();
        return this;
    }

    String queryId() {
        return queryId;
    }

    void add(String docId, double score, long line) {
        if (!seen.add(docId)) {
            throw new RunFormatException(fileName, line,
                    "duplicate document id '" + docId + "' for query '" + queryId + "'");
        }
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2 + 1);
            scores = Arrays.copyOf(scores, size * 2 + 1);
        }
        ids[size] = docId;
        scores[size] = score;
        size++;
    }

    /** The collected lines as a ranked list (score descending, ties by id descending). */
    RankedList build() {
        int[] order = TrecOrder.sort(ids, scores, size);
        String[] rankedIds = new String[size];
        double[] rankedScores = new double[size];
        for (int r = 0; r < size; r++) {
            rankedIds[r] = ids[order[r]];
            rankedScores[r] = scores[order[r]];
        }
        Arrays.fill(ids, 0, size, null);
        return new RankedList(queryId, rankedIds, rankedScores);
    }
}
