package io.clirbench.core.fusion;

import io.clirbench.core.run.RankedList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Fusion of the ranked lists of one query (METRICS.md §6, ranx definitions): RRF
 * {@code Σ 1/(k + rank)} with ranks from 1; CombSUM, the sum of per-list normalised scores; CombMNZ,
 * CombSUM times the number of lists holding the document. A list that lacks a document adds nothing.
 * Ties: document id ascending. The fused list is cut at {@code depth}.
 *
 * @param method        the fusion
 * @param normalization per-list normalisation for CombSUM / CombMNZ (ignored by RRF)
 * @param k             RRF's constant (60 by default)
 * @param depth         N: length of the fused list
 */
public record Fusion(FusionMethod method, ScoreNormalization normalization, int k, int depth) {

    /** RRF's default constant. */
    public static final int DEFAULT_K = 60;

    public Fusion {
        Objects.requireNonNull(method, "method");
        if (method.usesScores()) {
            Objects.requireNonNull(normalization, "normalization");
        }
        if (k < 0) {
            throw new IllegalArgumentException("RRF k must be >= 0, was " + k);
        }
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be >= 1, was " + depth);
        }
    }

    /** The fused list of {@code lists}, all of query {@code queryId} (another query's list is an error). */
    public RankedList fuse(String queryId, List<RankedList> lists) {
        Map<String, double[]> acc = new HashMap<>();   // doc -> {score, lists holding it}
        for (RankedList list : lists) {
            if (!list.queryId().equals(queryId)) {
                throw new IllegalArgumentException("fusing query '" + queryId + "' with a list of query '" + list.queryId() + "'");
            }
            double[] contribution = contributions(list);
            for (int i = 0; i < list.size(); i++) {
                double[] a = acc.computeIfAbsent(list.docIds()[i], d -> new double[2]);
                a[0] += contribution[i];
                a[1] += 1;
            }
        }
        List<Map.Entry<String, double[]>> entries = new ArrayList<>(acc.entrySet());
        for (Map.Entry<String, double[]> e : entries) {
            if (method == FusionMethod.COMBMNZ) {
                e.getValue()[0] *= e.getValue()[1];
            }
        }
        entries.sort(Comparator.comparingDouble((Map.Entry<String, double[]> e) -> -e.getValue()[0])
                .thenComparing(Map.Entry::getKey));
        int n = Math.min(depth, entries.size());
        String[] ids = new String[n];
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            ids[i] = entries.get(i).getKey();
            scores[i] = entries.get(i).getValue()[0];
        }
        return new RankedList(queryId, ids, scores);
    }

    private double[] contributions(RankedList list) {
        if (method == FusionMethod.RRF) {
            double[] c = new double[list.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = 1.0 / (k + i + 1);
            }
            return c;
        }
        return normalization.apply(list.scores());
    }
}
