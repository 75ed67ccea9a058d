package io.clirbench.core.metrics;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Hand-calculated values for each section-1 measure on tiny lists (METRICS.md section 1). */
class StandardMeasuresTest {

    private static final double EPS = 1e-12;

    // ranks: 1=a(0) 2=b(rel 2) 3=c(unjudged) 4=d(rel 1) 5=e(rel 0); f(rel 3) is never retrieved
    private static final String[] LIST = {"a", "b", "c", "d", "e"};
    private static final Map<String, Integer> GRADES = Map.of("a", 0, "b", 2, "d", 1, "e", 0, "f", 3);

    private static double value(String name) {
        return new StandardMeasures(List.of(name)).score(LIST, GRADES)[0];
    }

    @Test
    void recallDividesByAllRelevantDocuments() {
        // 3 relevant (b, d, f): top-1 has none, top-2 has b, top-5 has b and d
        assertThat(value("R@1")).isEqualTo(0.0);
        assertThat(value("R@2")).isCloseTo(1.0 / 3, within(EPS));
        assertThat(value("R@5")).isCloseTo(2.0 / 3, within(EPS));
        assertThat(value("R@1000")).isCloseTo(2.0 / 3, within(EPS));
    }

    @Test
    void precisionDividesByKEvenForShortLists() {
        // top-2: b -> 1/2; top-5: b, d -> 2/5; top-10 of a 5-long list: 2/10 (trec_eval P_10)
        assertThat(value("P@1")).isEqualTo(0.0);
        assertThat(value("P@2")).isCloseTo(0.5, within(EPS));
        assertThat(value("P@5")).isCloseTo(0.4, within(EPS));
        assertThat(value("P@10")).isCloseTo(0.2, within(EPS));
    }

    @Test
    void successAndReciprocalRankUseTheFirstRelevantRank() {
        // first relevant document b is at rank 2
        assertThat(value("Success@1")).isEqualTo(0.0);
        assertThat(value("Success@2")).isEqualTo(1.0);
        assertThat(value("MRR@1")).isEqualTo(0.0);
        assertThat(value("MRR@2")).isCloseTo(0.5, within(EPS));
        assertThat(value("MRR")).isCloseTo(0.5, within(EPS));
    }

    @Test
    void averagePrecisionDividesByAllRelevant() {
        // precision at b (rank 2) = 1/2, at d (rank 4) = 2/4; f unretrieved adds 0; / 3 relevant
        assertThat(value("MAP")).isCloseTo((0.5 + 0.5) / 3, within(EPS));
    }

    @Test
    void ndcgUsesLinearGainsAndTheIdealFromAllJudgments() {
        // DCG@5 = 2/log2(3) + 1/log2(5); ideal gains 3, 2, 1: 3/log2(2) + 2/log2(3) + 1/log2(4)
        double log2of3 = Math.log(3) / Math.log(2);
        double log2of5 = Math.log(5) / Math.log(2);
        double dcg = 2 / log2of3 + 1 / log2of5;
        double ideal = 3 + 2 / log2of3 + 1.0 / 2;
        assertThat(value("nDCG@5")).isCloseTo(dcg / ideal, within(EPS));
        // nDCG@1: rank 1 is a (gain 0) -> 0; nDCG@3: DCG = 2/log2(3), ideal = 3 + 2/log2(3) + 1/2
        assertThat(value("nDCG@1")).isEqualTo(0.0);
        assertThat(value("nDCG@3")).isCloseTo((2 / log2of3) / ideal, within(EPS));
    }

    @Test
    void queryWithoutRelevantDocumentsScoresZero() {
        double[] values = new StandardMeasures(StandardMeasures.DEFAULT_NAMES).score(LIST, Map.of("a", 0, "b", 0));
        assertThat(values).hasSize(16).containsOnly(0.0);
    }

    @Test
    void emptyListScoresZero() {
        double[] values = new StandardMeasures(StandardMeasures.DEFAULT_NAMES).score(new String[0], GRADES);
        assertThat(values).containsOnly(0.0);
    }

    @Test
    void valuesFollowTheOrderOfNames() {
        StandardMeasures measures = new StandardMeasures(List.of("MRR", "P@2", "Success@1"));
        assertThat(measures.names()).containsExactly("MRR", "P@2", "Success@1");
        assertThat(measures.score(LIST, GRADES)).containsExactly(0.5, 0.5, 0.0);
    }

    @Test
    void defaultNamesAreTheSixteenOfTheBrief() {
        assertThat(new StandardMeasures(StandardMeasures.DEFAULT_NAMES).names()).containsExactly(
                "nDCG@10", "nDCG@100", "R@1", "R@5", "R@10", "R@100", "R@1000", "P@1", "P@5", "P@10",
                "MRR@10", "MRR", "MAP", "Success@1", "Success@5", "Success@10");
    }

    @Test
    void unknownOrIllFormedNamesAreRejectedWithTheValidForms() {
        for (String bad : List.of("ndcg@10", "R@0", "R@", "P@-1", "MAP@10", "Recall@10", "R@01", "", "bpref@10", "Judged", "RPrec")) {
            assertThatThrownBy(() -> new StandardMeasures(List.of("R@10", bad)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("R@k, P@k, Success@k, MRR@k, MRR, MAP, nDCG@k, Rprec, bpref, Judged@k");
        }
    }

    @Test
    void relevantRanksInAnyOrderGiveTheHandValuesOfTheWholeList() {
        // the LIST above given only by its relevant ranks, out of order and with a grade-0 hit (rank 5, e):
        // b at rank 2 (grade 2), d at rank 4 (grade 1); positive grades of the query 1, 2, 3 (f unretrieved)
        StandardMeasures measures = new StandardMeasures(List.of("R@2", "P@5", "MRR", "MAP", "nDCG@10", "Success@1"));
        double[] values = measures.scoreRanks(new int[] {5, 4, 2}, new int[] {0, 1, 2}, new int[] {1, 2, 3});
        double log2of3 = Math.log(3) / Math.log(2);
        double log2of5 = Math.log(5) / Math.log(2);
        double dcg = 2 / log2of3 + 1 / log2of5;                  // b at rank 2, d at rank 4
        double ideal = 3 + 2 / log2of3 + 1 / 2.0;                // 3, 2, 1 at ranks 1, 2, 3
        assertThat(values[0]).isCloseTo(1.0 / 3, within(EPS));   // b of b, d, f
        assertThat(values[1]).isCloseTo(2.0 / 5, within(EPS));
        assertThat(values[2]).isCloseTo(1.0 / 2, within(EPS));
        assertThat(values[3]).isCloseTo((1.0 / 2 + 2.0 / 4) / 3, within(EPS));
        assertThat(values[4]).isCloseTo(dcg / ideal, within(EPS));
        assertThat(values[5]).isEqualTo(0.0);
        assertThat(values).containsExactly(measures.score(LIST, GRADES)); // and the same bits as the dense path
    }

    @Test
    void rPrecisionIsPrecisionAtTheRelevantCount() {
        // 3 relevant (b, d, f): the top 3 (a, b, c) hold b -> 1/3 (trec_eval Rprec)
        assertThat(value("Rprec")).isCloseTo(1.0 / 3, within(EPS));
    }

    @Test
    void bprefCountsJudgedNonRelevantDocumentsAboveEachRelevantOne() {
        // R = 3 (b, d, f), N = 2 judged non-relevant (a, e); min(R, N) = 2.
        // b (rank 2): a above -> 1 - 1/2; d (rank 4): a above (c is unjudged, not counted) -> 1 - 1/2; f unretrieved: 0.
        // (0.5 + 0.5 + 0) / 3
        assertThat(value("bpref")).isCloseTo(1.0 / 3, within(EPS));
    }

    @Test
    void judgedIsTheShareOfTheTopKWithAJudgmentOverTheShownDocuments() {
        // judged: a (0), b (2), d (1), e (0); c has no qrels line
        assertThat(value("Judged@1")).isEqualTo(1.0);                   // a
        assertThat(value("Judged@3")).isCloseTo(2.0 / 3, within(EPS));  // a, b of a, b, c
        assertThat(value("Judged@10")).isCloseTo(4.0 / 5, within(EPS)); // 4 of the 5 shown (ir_measures: min(k, length))
        assertThat(new StandardMeasures(List.of("Judged@10")).score(new String[0], GRADES)).containsExactly(0.0);
    }

    @Test
    void aQueryWithoutRelevantDocumentsStillHasItsJudgedShare() {
        // a and b judged 0: nothing is relevant (Rprec, bpref 0), but both of the top 2 carry a judgment
        double[] values = new StandardMeasures(List.of("Rprec", "bpref", "Judged@2")).score(LIST, Map.of("a", 0, "b", 0));
        assertThat(values).containsExactly(0.0, 0.0, 1.0);
    }

    @Test
    void judgedNonRelevantRanksGiveTheHandValuesOfTheWholeList() {
        // the LIST by its judged ranks out of order: d at 4 (1), b at 2 (2), a at 1 (0), e at 5 (0); 5 long; N = 2
        StandardMeasures measures = new StandardMeasures(List.of("Rprec", "bpref", "Judged@3", "Judged@10", "MAP"));
        double[] values = measures.scoreRanks(5, new int[] {4, 2, 1, 5}, new int[] {1, 2, 0, 0}, new int[] {1, 2, 3}, 2);
        assertThat(values[0]).isCloseTo(1.0 / 3, within(EPS));
        assertThat(values[1]).isCloseTo(1.0 / 3, within(EPS));
        assertThat(values[2]).isCloseTo(2.0 / 3, within(EPS));
        assertThat(values[3]).isCloseTo(4.0 / 5, within(EPS));
        assertThat(values).containsExactly(measures.score(LIST, GRADES));
        assertThat(measures.readsNonRelevant()).isTrue();
        assertThat(new StandardMeasures(List.of("Rprec", "MAP")).readsNonRelevant()).isFalse();
    }
}
