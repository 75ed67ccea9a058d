package io.clirbench.core.run;

import java.util.Objects;

/**
 * The ranked result list of one query, in final rank order (index 0 = rank 1).
 * For an imported TREC run the reader has already applied trec_eval's order (score descending,
 * ties by document id descending); a list from our own retriever keeps its emitted order.
 *
 * @param queryId the query
 * @param docIds  document ids, rank order, no duplicates
 * @param scores  the score of each document (same length as {@code docIds})
 */
public record RankedList(String queryId, String[] docIds, double[] scores) {

    public RankedList {
        Objects.requireNonNull(queryId, "queryId");
        if (docIds.length != scores.length) {
            throw new IllegalArgumentException("query '" + queryId + "': " + docIds.length + " ids but " + scores.length + " scores");
        }
    }

    /** The number of retrieved documents. */
    public int size() {
        return docIds.length;
    }
}
