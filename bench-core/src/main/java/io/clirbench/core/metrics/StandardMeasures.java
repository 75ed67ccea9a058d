package io.clirbench.core.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Section 1 measures (METRICS.md section 1, trec_eval compatible). Names (our spelling):
 * "R@k", "P@k", "Success@k", "MRR@k", "MRR" (no cutoff = trec_eval recip_rank), "MAP" (AP over
 * the whole list), "nDCG@k" (trec_eval ndcg_cut), "Rprec" (trec_eval Rprec: precision at rank |rel|),
 * "bpref" (trec_eval bpref), "Judged@k" (ir_measures Judged: pool coverage of the top k). Immutable and thread-safe.
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

    /** Whether a measure ({@code bpref}, {@code Judged@k}) needs where the judged non-relevant documents rank. */
    public boolean readsNonRelevant() {
        return Arrays.stream(measures).anyMatch(m -> m.kind().readsNonRelevant());
    }

    /**
     * Values aligned with {@link #names()}. {@code rankedDocIds}: the whole list in rank order
     * (section 1 never cuts). {@code grades}: document id to graded relevance; relevant means
     * grade > 0; the nDCG gain is the grade (linear), the discount 1/log2(rank+1), and the ideal
     * DCG comes from all positive grades of the query, retrieved or not (trec_eval ndcg_cut).
     * A document with a grade of 0 or below is judged non-relevant ({@code bpref}, {@code Judged@k});
     * one without a grade is unjudged. A query without a relevant document scores 0 on every measure
     * but {@code Judged@k}.
     */
    public double[] score(String[] rankedDocIds, Map<String, Integer> grades) {
        int n = rankedDocIds.length;
        int[] gain = new int[n];
        int[] nonRelevantRanks = new int[n];
        int nonRelevant = 0;
        for (int i = 0; i < n; i++) {
            Integer g = grades.get(rankedDocIds[i]);
            gain[i] = g == null || g < 0 ? 0 : g;
            if (g != null && g <= 0) {
                nonRelevantRanks[nonRelevant++] = i + 1;
            }
        }
        int[] idealGains = grades.values().stream().mapToInt(Integer::intValue).filter(g -> g > 0).sorted().toArray();
        int judgedNonRelevant = (int) grades.values().stream().filter(g -> g <= 0).count();
        return score(gain, Arrays.copyOf(nonRelevantRanks, nonRelevant), idealGains, judgedNonRelevant);
    }

    /**
     * The same from primitive arrays: {@code gain[i]} the grade (0 when not relevant) of the
     * document at rank i+1; {@code positiveGradesAscending} every positive grade of the query. Without
     * non-relevant judgments (see {@link #score(int[], int[], int[], int)}).
     */
    double[] score(int[] gain, int[] positiveGradesAscending) {
        return score(gain, RankProfile.NONE, positiveGradesAscending, 0);
    }

    /**
     * The same with the judged non-relevant documents: those at the 1-based ranks {@code nonRelevantRanks} (ascending),
     * out of {@code judgedNonRelevant} the query has in its judgments.
     */
    double[] score(int[] gain, int[] nonRelevantRanks, int[] positiveGradesAscending, int judgedNonRelevant) {
        return score(RankProfile.ofGains(gain, nonRelevantRanks), positiveGradesAscending, judgedNonRelevant);
    }

    /**
     * The same from where the relevant documents rank (the fast run scanner's view, which never
     * builds the whole list): the document at 1-based rank {@code ranks[i]} has grade {@code grades[i]},
     * every other rank has gain 0; the ranks are distinct, in any order. Equal to {@link #score(int[], int[])}
     * on the list's gains: both reduce the list to its relevant ranks in ascending order and sum in that order.
     */
    double[] scoreRanks(int[] ranks, int[] grades, int[] positiveGradesAscending) {
        return scoreRanks(Integer.MAX_VALUE, ranks, grades, positiveGradesAscending, 0);
    }

    /**
     * As {@link #scoreRanks(int[], int[], int[])} for a list of {@code size} documents where a grade of 0 or below marks
     * a judged non-relevant document (the scanner reports those when {@link #readsNonRelevant}), out of
     * {@code judgedNonRelevant} the query has in its judgments.
     */
    double[] scoreRanks(int size, int[] ranks, int[] grades, int[] positiveGradesAscending, int judgedNonRelevant) {
        return score(RankProfile.ofRanks(size, ranks, grades), positiveGradesAscending, judgedNonRelevant);
    }

    private double[] score(RankProfile p, int[] positiveGradesAscending, int judgedNonRelevant) {
        int numRel = positiveGradesAscending.length;
        double[] values = new double[measures.length];
        for (int m = 0; m < measures.length; m++) {
            Measure measure = measures[m];
            int k = measure.cutoff();
            if (measure.kind() == Measure.Kind.JUDGED) {
                values[m] = judged(p, k);
                continue;
            }
            if (numRel == 0) {
                continue; // no relevant document: 0, as trec_eval -c scores such a query
            }
            values[m] = switch (measure.kind()) {
                case RECALL -> (double) p.relInTop(k) / numRel;
                case PRECISION -> (double) p.relInTop(k) / k;
                case SUCCESS -> p.firstRelRank() > 0 && p.firstRelRank() <= k ? 1 : 0;
                case RECIPROCAL_RANK -> p.firstRelRank() > 0 && p.firstRelRank() <= k ? 1.0 / p.firstRelRank() : 0;
                case AVERAGE_PRECISION -> p.precisionSum() / numRel;
                case NDCG -> ndcg(p, positiveGradesAscending, k);
                case R_PRECISION -> (double) p.relInTop(numRel) / numRel;
                case BPREF -> bpref(p, numRel, judgedNonRelevant);
                case JUDGED -> throw new AssertionError("scored above");
            };
        }
        return values;
    }

    /**
     * trec_eval 10.0 {@code bpref} (m_bpref.c): each retrieved relevant document adds
     * {@code 1 − min(n, R) / min(R, N)}, n the judged non-relevant documents ranked above it, R the relevant and N the
     * judged non-relevant documents of the query (1 when n = 0); the sum over R. trec_eval divides in single precision
     * ({@code float}); we divide in double, so values agree to the 4 decimals trec_eval prints, not to the last bit.
     */
    private static double bpref(RankProfile p, int numRel, int judgedNonRelevant) {
        double sum = 0;
        int above = 0;
        for (int j = 0; j < p.ranks.length; j++) {
            while (above < p.nonRelevantRanks.length && p.nonRelevantRanks[above] < p.ranks[j]) {
                above++;
            }
            sum += above == 0 ? 1 : 1 - (double) Math.min(above, numRel) / Math.min(numRel, judgedNonRelevant);
        }
        return sum / numRel;
    }

    /**
     * {@code Judged@k} as ir_measures computes it (judged_provider.py): the documents in ranks 1..k with a judgment
     * for the query (relevant or not), over min(k, list length); 0 for an empty list (and, by trec_eval -c's rule,
     * for a judged query the run has no list for).
     */
    private static double judged(RankProfile p, int k) {
        int shown = Math.min(k, p.size);
        return shown == 0 ? 0 : (double) (p.relInTop(k) + p.nonRelevantInTop(k)) / shown;
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
     * with their gains; the ranks of its judged non-relevant documents, ascending (empty unless asked for); its length.
     * The sums over them (AP, DCG) run in that order, so a list given densely or by its relevant ranks gives the same bits.
     */
    private record RankProfile(int[] ranks, int[] gains, int[] nonRelevantRanks, int size) {

        private static final int[] NONE = new int[0];

        static RankProfile ofGains(int[] gain, int[] nonRelevantRanks) {
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
            return new RankProfile(ranks, gains, nonRelevantRanks, gain.length);
        }

        static RankProfile ofRanks(int size, int[] ranks, int[] grades) {
            int n = 0;
            for (int g : grades) {
                n += g > 0 ? 1 : 0;
            }
            long[] hits = new long[n]; // rank in the high half, gain in the low: sorted by rank
            int[] nonRelevant = n == ranks.length ? NONE : new int[ranks.length - n];
            for (int i = 0, h = 0, m = 0; i < ranks.length; i++) {
                if (grades[i] > 0) {
                    hits[h++] = ((long) ranks[i] << 32) | grades[i];
                } else {
                    nonRelevant[m++] = ranks[i];
                }
            }
            Arrays.sort(hits);
            Arrays.sort(nonRelevant);
            int[] sortedRanks = new int[n];
            int[] gains = new int[n];
            for (int j = 0; j < n; j++) {
                sortedRanks[j] = (int) (hits[j] >>> 32);
                gains[j] = (int) hits[j];
            }
            return new RankProfile(sortedRanks, gains, nonRelevant, size);
        }

        /** The relevant documents in ranks 1..k. */
        int relInTop(int k) {
            return countUpTo(ranks, k);
        }

        /** The judged non-relevant documents in ranks 1..k. */
        int nonRelevantInTop(int k) {
            return countUpTo(nonRelevantRanks, k);
        }

        private static int countUpTo(int[] ascending, int k) {
            int n = 0;
            while (n < ascending.length && ascending[n] <= k) {
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
