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
        return score(RankProfile.ofGains(gain), positiveGradesAscending);
    }

    /**
     * The same from where the relevant documents rank (the fast run scanner's view, which never
     * builds the whole list): the document at 1-based rank {@code ranks[i]} has grade {@code grades[i]},
     * every other rank has gain 0; the ranks are distinct, in any order. Equal to {@link #score(int[], int[])}
     * on the list's gains: both reduce the list to its relevant ranks in ascending order and sum in that order.
     */
    double[] scoreRanks(int[] ranks, int[] grades, int[] positiveGradesAscending) {
        return score(RankProfile.ofRanks(ranks, grades), positiveGradesAscending);
    }

    private double[] score(RankProfile p, int[] positiveGradesAscending) {
        int numRel = positiveGradesAscending.length;
        double[] values = new double[measures.length];
        if (numRel == 0) {
            return values;
        }
        for (int m = 0; m < measures.length; m++) {
            Measure measure = measures[m];
            int k = measure.cutoff();
            values[m] = switch (measure.kind()) {
                case RECALL -> (double) p.relInTop(k) / numRel;
                case PRECISION -> (double) p.relInTop(k) / k;
                case SUCCESS -> p.firstRelRank() > 0 && p.firstRelRank() <= k ? 1 : 0;
                case RECIPROCAL_RANK -> p.firstRelRank() > 0 && p.firstRelRank() <= k ? 1.0 / p.firstRelRank() : 0;
                case AVERAGE_PRECISION -> p.precisionSum() / numRel;
                case NDCG -> ndcg(p, positiveGradesAscending, k);
            };
        }
        return values;
    }

    private double ndcg(RankProfile p, int[] positiveGradesAscending, int k) {
        double dcg = 0;
        for (int j = 0; j < p.ranks.length && p.ranks[j] <= k; j++) {
            dcg += p.gains[j] * discount(p.ranks[j]);
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

    /**
     * What the rank-based measures need from one list: the ranks of its relevant documents (gain above 0), ascending,
     * with their gains. The sums over them (AP, DCG) run in that order, so a list given densely or by its relevant
     * ranks gives the same bits.
     */
    private record RankProfile(int[] ranks, int[] gains) {

        static RankProfile ofGains(int[] gain) {
            int n = 0;
            for (int g : gain) {
                n += g > 0 ? 1 : 0;
            }
            int[] ranks = new int[n];
            int[] gains = new int[n];
            for (int i = 0, j = 0; i < gain.length; i++) {
                if (gain[i] > 0) {
                    ranks[j] = i + 1;
                    gains[j++] = gain[i];
                }
            }
            return new RankProfile(ranks, gains);
        }

        static RankProfile ofRanks(int[] ranks, int[] grades) {
            long[] hits = new long[ranks.length]; // rank in the high half, gain in the low: sorted by rank
            int n = 0;
            for (int i = 0; i < ranks.length; i++) {
                if (grades[i] > 0) {
                    hits[n++] = ((long) ranks[i] << 32) | grades[i];
                }
            }
            Arrays.sort(hits, 0, n);
            int[] sortedRanks = new int[n];
            int[] gains = new int[n];
            for (int j = 0; j < n; j++) {
                sortedRanks[j] = (int) (hits[j] >>> 32);
                gains[j] = (int) hits[j];
            }
            return new RankProfile(sortedRanks, gains);
        }

        /** The relevant documents in ranks 1..k. */
        int relInTop(int k) {
            int n = 0;
            while (n < ranks.length && ranks[n] <= k) {
                n++;
            }
            return n;
        }

        /** The rank of the first relevant document; 0 when none was retrieved. */
        int firstRelRank() {
            return ranks.length == 0 ? 0 : ranks[0];
        }

        /** The sum over relevant ranks r of (relevant documents in 1..r) / r: AP times the relevant count. */
        double precisionSum() {
            double sum = 0;
            for (int j = 0; j < ranks.length; j++) {
                sum += (double) (j + 1) / ranks[j];
            }
            return sum;
        }
    }
}
