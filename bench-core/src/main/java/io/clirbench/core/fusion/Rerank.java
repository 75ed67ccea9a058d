package io.clirbench.core.fusion;

import io.clirbench.core.run.RankedList;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Re-ranking (METRICS.md §6): the top K of a first-stage list re-sorted by a second model's scores
 * (ties: document id ascending); the rest of the list keeps its order after them. The rest's scores
 * are placed below the lowest re-ranked score ({@link StrictScores}), so the published list sorts as built.
 */
public final class Rerank {

    private Rerank() {
    }

    /** The number of documents of {@code first} that are re-scored: {@code min(k, size)}. */
    public static int pool(RankedList first, int k) {
        return Math.min(k, first.size());
    }

    /** {@code first} with its top {@link #pool} documents re-sorted by {@code scores} (one per pooled document, in first-stage order). */
    public static RankedList merge(RankedList first, int k, double[] scores) {
        int pool = pool(first, k);
        if (scores.length != pool) {
            throw new IllegalArgumentException("query '" + first.queryId() + "': " + scores.length
                    + " re-ranking scores for a pool of " + pool);
        }
        Integer[] order = new Integer[pool];
        for (int i = 0; i < pool; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> first.docIds()[i]));
        String[] ids = new String[first.size()];
        double[] out = new double[first.size()];
        for (int r = 0; r < pool; r++) {
            ids[r] = first.docIds()[order[r]];
            out[r] = scores[order[r]];
        }
        double floor = pool == 0 ? 0 : out[pool - 1];
        for (int r = pool; r < first.size(); r++) {
            ids[r] = first.docIds()[r];
            out[r] = floor;                       // made strictly lower below
        }
        return StrictScores.of(new RankedList(first.queryId(), ids, out));
    }
}
