package io.clirbench.core.fusion;

import io.clirbench.core.run.RankedList;

/**
 * Makes a list's scores strictly decreasing in its rank order, so that trec_eval's order (score descending,
 * ties by document id descending), which the eval-service and every TREC reader apply, keeps the order
 * the list was built in (fusion breaks ties by document id ascending, METRICS.md §6). A score equal to
 * or above the one before it becomes the next double below that one ({@link Math#nextDown}): values
 * change by a few ulps at most, order never.
 */
public final class StrictScores {

    private StrictScores() {
    }

    /** The list with strictly decreasing scores, same ids and order. */
    public static RankedList of(RankedList list) {
        double[] scores = list.scores().clone();
        for (int i = 1; i < scores.length; i++) {
            if (scores[i] >= scores[i - 1]) {
                scores[i] = Math.nextDown(scores[i - 1]);
            }
        }
        return new RankedList(list.queryId(), list.docIds().clone(), scores);
    }
}
