package io.clirbench.index.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Independent reference for tests: scores every row with a plain double-precision loop and sorts the
 * whole list by score descending, doc id ascending. Shares no code with the searcher.
 */
public final class BruteForce {

    private BruteForce() {
    }

    public record Scored(String id, double score) {
    }

    public static List<Scored> rank(float[][] rows, String[] ids, float[] query, int n, java.util.function.IntPredicate allowed) {
        List<Scored> all = new ArrayList<>();
        for (int r = 0; r < rows.length; r++) {
            if (!allowed.test(r)) {
                continue;
            }
            double s = 0;
            for (int d = 0; d < query.length; d++) {
                s += (double) rows[r][d] * query[d];
            }
            all.add(new Scored(ids[r], s));
        }
        all.sort(Comparator.comparingDouble((Scored x) -> -x.score()).thenComparing(Scored::id));
        return all.subList(0, Math.min(n, all.size()));
    }

    /** Random vectors with small integer values: every dot product is exact in float, and ties are common. */
    public static float[][] integerVectors(java.util.Random rnd, int count, int dim) {
        float[][] v = new float[count][dim];
        for (float[] row : v) {
            for (int d = 0; d < dim; d++) {
                row[d] = rnd.nextInt(5) - 2;
            }
        }
        return v;
    }

    public static float[][] gaussianVectors(java.util.Random rnd, int count, int dim) {
        float[][] v = new float[count][dim];
        for (float[] row : v) {
            for (int d = 0; d < dim; d++) {
                row[d] = (float) rnd.nextGaussian();
            }
        }
        return v;
    }

    /** Ids in an order unrelated to row order, so that ties test the id rule and not insertion order. */
    public static String[] shuffledIds(java.util.Random rnd, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add("doc-" + i);
        }
        java.util.Collections.shuffle(ids, rnd);
        return ids.toArray(String[]::new);
    }
}
