package io.clirbench.core.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Section 1 measures (METRICS.md section 1, trec_eval compatible). Names (our spelling):
 * "R@k", "P@k", "Success@k", "MRR@k", "MRR" (no cutoff = trec_eval recip_rank), "MAP" (AP over
 * the whole list), "nDCG@k" (trec_eval ndcg_cut). Immutable and thread-safe.
 */
public final class StandardMeasures {

    /** The measures reported by default. */
    public static final List<String> DEFAULT_NAMES = List.of(
            "nDCG@10", "nDCG@100", "R@1", "R@5", "R@10", "R@100", "R@1000", "P@1", "P@5", "P@10",
            "MRR@10", "MRR", "MAP", "Success@1", "Success@5", "Success@10");

    private static final double LN2 = Math.log(2);

    private final List<String> names;
    private final Measure[] measures;
    /** discount[r] = 1 / log2(r + 1) for ranks 1..max nDCG cutoff (index 0 unused). */
    private final double[] discount;

    /** Parses the names; an unknown or ill-formed name throws IllegalArgumentException naming it and the valid forms. */
    public StandardMeasures(List<String> names) {
        this.names = List.copyOf(names);
        this.measures = this.names.stream().map(Measure::parse).toArray(Measure[]::new);
        int maxDcgRank = Arrays.stream(measures).filter(m -> m.kind() == Measure.Kind.NDCG)
                .mapToInt(Measure::cutoff).max().orElse(0);
        this.discount = new double[Math.min(maxDcgRank, 1 << 20) + 1];
        for (int r = 1; r < discount.length; r++) {
            discount[r] = LN2 / Math.log(r + 1.0);
        }
    }

    /** The measure names, in the order of {@link #score}'s values. */
    public List<String> names() {
        return names;
    }

    /**
     * Values aligned with {@link #names()}. {@code rankedDocIds}: the whole list in rank order
     * (section 1 never cuts). {@code grades}: document id to graded relevance; relevant means
     * grade > 0; the nDCG gain is the grade (linear), the discount 1/log2(rank+1), and the ideal
     * DCG comes from all positive grades of the query, retrieved or not (trec_eval ndcg_cut).
     * A query without a relevant document scores 0 on every measure.
     */
    public double[] score(String[] rankedDocIds, Map<String, Integer> grades) {
        int n = rankedDocIds.length;
        int[] gain = new int[n];
        for (int i = 0; i < n; i++) {
            Integer g = grades.get(rankedDocIds[i]);
            gain[i] = g == null || g < 0 ? 0 : g;
        }
        int[] idealGains = grades.values().stream().mapToInt(Integer::intValue).filter(g -> g > 0).sorted().toArray();
        return score(gain, idealGains);
    }

    /**
     * The same from primitive arrays: {@code gain[i]} the grade (0 when not relevant) of the
     * document at rank i+1; {@code positiveGradesAscending} every positive grade of the query.
     */
    double[] score(int[] gain, int[] positiveGradesAscending) {
        RankProfile p = new RankProfile(gain, positiveGradesAscending.length);
        double[] values = new double[measures.length];
        if (p.numRel == 0) {
            return values;
        }
        for (int m = 0; m < measures.length; m++) {
            Measure measure = measures[m];
            int k = measure.cutoff();
            values[m] = switch (measure.kind()) {
                case RECALL -> (double) p.relInTop(k) / p.numRel;
                case PRECISION -> (double) p.relInTop(k) / k;
                case SUCCESS -> p.firstRelRank > 0 && p.firstRelRank <= k ? 1 : 0;
                case RECIPROCAL_RANK -> p.firstRelRank > 0 && p.firstRelRank <= k ? 1.0 / p.firstRelRank : 0;
                case AVERAGE_PRECISION -> p.precisionSum / p.numRel;
                case NDCG -> ndcg(gain, positiveGradesAscending, k);
            };
        }
        return values;
    }

    private double ndcg(int[] gain, int[] positiveGradesAscending, int k) {
        double dcg = 0;
        for (int i = 0, end = Math.min(k, gain.length); i < end; i++) {
            if (gain[i] > 0) {
                dcg += gain[i] * discount(i + 1);
            }
        }
        double ideal = 0;
        for (int r = 1, i = positiveGradesAscending.length - 1; i >= 0 && r <= k; r++, i--) {
            ideal += positiveGradesAscending[i] * discount(r);
        }
        return ideal > 0 ? dcg / ideal : 0;
    }

    private double discount(int rank) {
        return rank < discount.length ? discount[rank] : LN2 / Math.log(rank + 1.0);
    }

    /** What the rank-based measures need from one list: relevant counts by rank, first hit, AP sum. */
    private static final class RankProfile {
        final int numRel;
        final int[] relAtOrAbove; // relAtOrAbove[r] = relevant documents in ranks 1..r
        final int firstRelRank;   // 0 when none was retrieved
        final double precisionSum;

        RankProfile(int[] gain, int numRel) {
            this.numRel = numRel;
            relAtOrAbove = new int[gain.length + 1];
            int first = 0;
            double sum = 0;
            for (int i = 0; i < gain.length; i++) {
                boolean rel = gain[i] > 0;
                relAtOrAbove[i + 1] = relAtOrAbove[i] + (rel ? 1 : 0);
                if (rel) {
                    if (first == 0) {
                        first = i + 1;
                    }
                    sum += (double) relAtOrAbove[i + 1] / (i + 1);
                }
            }
            firstRelRank = first;
            precisionSum = sum;
        }

        int relInTop(int k) {
            return relAtOrAbove[Math.min(k, relAtOrAbove.length - 1)];
        }
    }
}
