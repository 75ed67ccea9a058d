package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.model.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cross-run statistics on hand-made outcomes whose values follow from the construction (comments). */
class SignificanceTest {

    private static final int NOT = QueryOutcome.NOT_RETRIEVED;

    /**
     * 60 queries: 30 families, each with one 'en' and one 'de' query. Every query has one same-language
     * and one cross-language gold document. Run "perfect" ranks both at 1 and 2; run "blind" retrieves none.
     */
    private static List<QueryOutcome> outcomes(boolean found) {
        List<QueryOutcome> outcomes = new ArrayList<>();
        for (int f = 0; f < 30; f++) {
            for (String lang : new String[] {"en", "de"}) {
                Query q = new Query("q" + f + lang, "text", lang, "fam" + f, Map.of());
                String other = lang.equals("en") ? "de" : "en";
                int[] ranks = found ? new int[] {1, 2} : new int[] {NOT, NOT};
                outcomes.add(new QueryOutcome(q, new String[] {lang, other}, new boolean[] {true, false}, ranks));
            }
        }
        return outcomes;
    }

    @Test
    void aPerfectRunDiffersSignificantlyFromABlindOne() {
        StatisticsReport s = new Significance(10_000, 42L, 0.95)
                .analyse(List.of("perfect", "blind"), List.of(outcomes(true), outcomes(false)));

        // R@10 of "perfect" is 1 for every query: every replicate is 1, so z0 is degenerate (percentile fallback [1, 1]).
        StatisticsReport.MetricInterval r10 = s.intervals().get("perfect").get("R@10");
        assertThat(r10.point()).isEqualTo(1.0);
        assertThat(r10.interval().method()).isEqualTo("percentile");
        assertThat(r10.interval().low()).isEqualTo(1.0);
        assertThat(r10.queries()).isEqualTo(60);
        assertThat(r10.families()).isEqualTo(30);

        // Friedman, k = 2, n = 60, "perfect" wins every block: rank sums 120 and 60;
        // chi2 = 12/(2*60*3) * (120^2 + 60^2) - 3*60*3 = 600 - 540 = 60, df 1, p = erfc(sqrt(30)) ~ 1.9e-15.
        assertThat(s.friedman().statistic()).isCloseTo(60.0, within(1e-9));
        assertThat(s.friedman().p()).isLessThan(1e-10);

        // One pair: mean difference 1; |T*| >= 1 needs all 30 signs equal (probability 2^-29), so p = 1/(B+1).
        StatisticsReport.PairTest pair = s.pairs().get(0);
        assertThat(pair.meanDifference()).isEqualTo(1.0);
        assertThat(pair.test().p()).isCloseTo(1.0 / 10_001, within(1e-12));
        assertThat(pair.pHolm()).isCloseTo(1.0 / 10_001, within(1e-12));
        assertThat(pair.significant()).isTrue();

        // Beside it: every difference is 1, so the t-test has no p (s = 0); Wilcoxon: 60 tied ranks of 30.5, T = R- = 0,
        // sigma^2 = 60*61*121/24 - (60^3 - 60)/48 = 13953.75, z = -915/sqrt(13953.75) = -7.745967, p = erfc(|z|/sqrt 2)
        // = 9.4857e-15; one pair, so Holm leaves it as it is.
        assertThat(pair.others().tTest().p()).isNull();
        assertThat(pair.others().tTest().noPValueReason()).isEqualTo("every difference is the same");
        assertThat(pair.others().wilcoxon().statistic()).isEqualTo(0.0);
        assertThat(pair.others().wilcoxon().p()).isCloseTo(9.4857e-15, within(1e-17));
        assertThat(pair.others().wilcoxonHolm()).isEqualTo(pair.others().wilcoxon().p());
    }

    @Test
    void theSameVsCrossGapIsZeroAndTiedWhenBothAreFound() {
        StatisticsReport s = new Significance(2_000, 42L, 0.95).analyse(List.of("perfect"), List.of(outcomes(true)));
        // Delta = R@10_same - R@10_cross = 1 - 1 = 0 for every dual-gold query: no non-tied pair, so no p-value.
        StatisticsReport.GapTest gap = s.gaps().get(0);
        assertThat(gap.point()).isEqualTo(0.0);
        assertThat(gap.test().p()).isNull();
        assertThat(gap.test().noPValueReason()).contains("0 non-tied pairs < 10");
        assertThat(gap.pHolm()).isNull();
        // One run: no omnibus test, no pairs.
        assertThat(s.friedman()).isNull();
        assertThat(s.pairs()).isEmpty();
    }

    @Test
    void runsOnDifferentQuerySetsAreRejected() {
        List<QueryOutcome> shorter = outcomes(true).subList(0, 10);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Significance(100, 1L, 0.95)
                .analyse(List.of("a", "b"), List.of(outcomes(true), shorter)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("different query sets");
    }
}
