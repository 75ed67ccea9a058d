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

    /**
     * A list in trec_eval's order (score descending, ties by document id descending), whatever
     * order the entries come in: what {@link io.clirbench.core.format.trec.TrecRunReader} makes of the same lines in a run file,
     * so a list evaluated from events and one read back from an exported run file are identical.
     */
    public static RankedList inTrecOrder(String queryId, String[] docIds, double[] scores) {
        if (docIds.length != scores.length) {
            throw new IllegalArgumentException("query '" + queryId + "': " + docIds.length + " ids but " + scores.length + " scores");
        }
        int[] order = TrecOrder.sort(docIds, scores, docIds.length);
        String[] ids = new String[order.length];
        double[] sorted = new double[order.length];
        for (int i = 0; i < order.length; i++) {
            ids[i] = docIds[order[i]];
            sorted[i] = scores[order[i]];
        }
        return new RankedList(queryId, ids, sorted);
    }

    /** The number of retrieved documents. */
    public int size() {
        return docIds.length;
    }
}
