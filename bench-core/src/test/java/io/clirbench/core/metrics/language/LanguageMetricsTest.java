package io.clirbench.core.metrics.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.metrics.language.Recoverability.GridPoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** METRICS.md §2 on {@link LanguageFixture}; every expected value is worked out by hand in the comments. */
class LanguageMetricsTest {

    private static final double EPS = 1e-9;
    // ARI at K = 3 (the default K = 100 is not below N = 10, where ARI is undefined).
    private static final LanguageMetricsConfig CONFIG = new LanguageMetricsConfig(LanguageFixture.DEPTH,
            new int[] {1, 5, 10}, 0.8, 0.5, 100, 3, new int[] {5}, 2000, 7L);

    private final LanguageMetrics metrics = LanguageMetrics.compute(LanguageFixture.outcomes(), CONFIG);

    @Test
    void domains() {
        // Dom_S = q1 q2 q3 q5; Dom_X = all five; Dom_SX = q1 q2 q3 q5; no-home = q4.
        assertThat(metrics.queries()).isEqualTo(5);
        assertThat(metrics.domSame()).isEqualTo(4);
        assertThat(metrics.domCross()).isEqualTo(5);
        assertThat(metrics.dualGold()).isEqualTo(4);
        assertThat(metrics.noHome()).isEqualTo(1);
    }

    @Test
    void recallBalancedAndPooled() {
        // R@1 per query over G: q1 1/2, q2 0, q3 0, q4 0, q5 1/2.
        //   en (q1 q2 q4) = 1/6, de (q3 q5) = 1/4 -> balanced 5/24; pooled 1/5.
        assertMean("R@1", 5.0 / 24, 0.2, 5);
        // R@1_same: q1 1, q2 0, q3 0, q5 0 -> en 1/2, de 0 -> 0.25; pooled 1/4.
        assertMean("R@1_same", 0.25, 0.25, 4);
        // R@1_cross: q1 0, q2 0, q3 0, q4 0, q5 1 -> en 0, de 1/2 -> 0.25; pooled 1/5.
        assertMean("R@1_cross", 0.25, 0.2, 5);
        // R@5: q1 1, q2 1/2, q3 1/2, q4 1, q5 1 -> en 5/6, de 3/4 -> 19/24; pooled 4/5.
        assertMean("R@5", 19.0 / 24, 0.8, 5);
        // R@10: q1 1, q2 1, q3 1/2 (d1-en is at 12 > N), q4 1, q5 1 -> en 1, de 3/4 -> 7/8; pooled 9/10.
        assertMean("R@10", 0.875, 0.9, 5);
        // R@10_same: every Dom_S query finds its same-language document within 10 -> 1.
        assertMean("R@10_same", 1.0, 1.0, 4);
        // R@10_cross: q1 1, q2 1, q3 0, q4 1, q5 1 -> en 1, de 1/2 -> 3/4; pooled 4/5.
        assertMean("R@10_cross", 0.75, 0.8, 5);
        assertThat(metrics.recall("R@10_cross").byLanguage().get("de").mean()).isCloseTo(0.5, within(EPS));
        assertThat(metrics.recall("R@10_cross").byLanguage().get("en").queries()).isEqualTo(3);
        assertThat(metrics.recall("R@10_cross").languages()).isEqualTo(2);
    }

    @Test
    void languageTransfer() {
        // LT% = 100 * 0.75 / 1.0
        assertThat(metrics.ltPercent()).isCloseTo(75.0, within(EPS));
    }

    @Test
    void coverageDepths() {
        // Dom_SX n = 4, index ceil(0.8 * 4) - 1 = 3 (the largest).
        // f_S = {1, 7, 3, 2} -> 7.  f_X = {5, 2, inf, 1} -> inf: censored.  max = {5, 7, inf, 2} -> censored.
        CoverageDepths depths = metrics.depths();
        assertThat(depths.kSame().rank()).isEqualTo(7);
        assertThat(depths.kSame().se()).isNotNull();
        assertThat(depths.kCross().censored()).isTrue();
        assertThat(depths.kCross().display()).isEqualTo(">10");
        assertThat(depths.kCross().se()).isNull();
        assertThat(depths.kJoint().censored()).isTrue();
        // JBC@100: max(f_S, f_X) <= 100 for q1, q2, q5 -> 3/4.
        assertThat(depths.jbc()).isCloseTo(0.75, within(EPS));
    }

    @Test
    void readingCostMultiplier() {
        // f_X over Dom_X = {5, 2, inf, 4, 1} sorted {1, 2, 4, 5, inf}, index ceil(2.5) - 1 = 2 -> 4.
        // f_S over Dom_S = {1, 7, 3, 2} sorted {1, 2, 3, 7}, index ceil(2) - 1 = 1 -> 2.  XRC50 = 4 / 2.
        Xrc xrc = metrics.depths().xrc();
        assertThat(xrc.value()).isCloseTo(2.0, within(EPS));
        assertThat(xrc.censored()).isFalse();
        assertThat(xrc.display()).isEqualTo("2.00");
    }

    @Test
    void recoverabilityGridKneeAndAri() {
        // N = 10: grid {1, 2, 3, 5} then N. f_X over Dom_X = {5, 2, inf, 4, 1}.
        // RRC@1 = 1/5, @2 = 2/5, @3 = 2/5, @5 = 4/5, @10 = 4/5.
        Recoverability r = metrics.recoverability();
        assertThat(r.grid()).extracting(GridPoint::k).containsExactly(1, 2, 3, 5, 10);
        assertThat(r.grid()).extracting(GridPoint::rrc).containsExactly(0.2, 0.4, 0.4, 0.8, 0.8);
        // Knee: x_n = log10 K = {0, .30103, .47712, .69897, 1}; y_n = (y - .2) / .6 = {0, 1/3, 1/3, 1, 1};
        // |x_n - y_n| = {0, .0323, .1438, .3010, 0} -> K* = 5.
        assertThat(r.knee()).isEqualTo(5);
        // L_inf = 1 - RRC@10 = 0.2; ARI@3 = 0.2 / (1 - 0.4) = 1/3; deep_3 = 0.8 - 0.4 = 0.4.
        assertThat(r.lInf()).isCloseTo(0.2, within(EPS));
        assertThat(r.ari()).isCloseTo(1.0 / 3, within(EPS));
        assertThat(r.deep()).isCloseTo(0.4, within(EPS));
        assertThat(r.rrcAtK() + r.deep() + r.lInf()).isCloseTo(1.0, within(EPS));
    }

    @Test
    void ariIsUndefinedWhenKIsNotBelowDepth() {
        // Default K = 100 >= N = 10.
        LanguageMetrics defaults = LanguageMetrics.compute(LanguageFixture.outcomes(),
                LanguageMetricsConfig.defaults(LanguageFixture.DEPTH));
        assertThat(defaults.recoverability().ari()).isNull();
    }

    @Test
    void degeneracyGate() {
        // pooled R@10_cross = 0.8 >= 0.10
        assertThat(metrics.degenerate()).isFalse();
        assertThat(metrics.gateValue()).isCloseTo(0.8, within(EPS));
    }

    @Test
    void routeGridWithWilsonIntervals() {
        // Gold pairs at k = 5: en->en {d1-en@1 hit, d2-en@7 miss}; en->de {d1-de@5, d2-de@2, d3-de@4 all hit};
        // de->de {d1-de@3, d2-de@2 hit}; de->en {d1-en@12 miss, d2-en@1 hit}.
        List<RouteCell> cells = metrics.routes();
        assertThat(cells).extracting(c -> c.from() + ">" + c.to() + " " + c.hits() + "/" + c.pairs())
                .containsExactly("de>de 2/2", "de>en 1/2", "en>de 3/3", "en>en 1/2");
        RouteCell enEn = cells.get(3);
        // Wilson 95% of 1/2: centre 0.5, half = 1.96/(1+1.96^2/2) * sqrt(1/8 + 1.96^2/16) = 0.40547.
        assertThat(enEn.low()).isCloseTo(0.0945, within(1e-4));
        assertThat(enEn.high()).isCloseTo(0.9055, within(1e-4));
        assertThat(enEn.diagonal()).isTrue();
        // Wilson of 3/3: lower = (1 + 1.9208/3 - 1.96 * sqrt(3.8415/36)) / (1 + 3.8415/3) = 0.4385.
        assertThat(cells.get(2).low()).isCloseTo(0.4385, within(1e-4));
        assertThat(cells.get(2).high()).isCloseTo(1.0, within(EPS));
    }

    @Test
    void perLanguageHitRatesWithWilsonIntervals() {
        // hit@10 same: en Dom_S = q1 (f_S 1), q2 (7) -> 2/2; de = q3 (3), q5 (2) -> 2/2.
        // hit@10 cross: en Dom_X = q1 (5), q2 (2), q4 (4) -> 3/3; de = q3 (inf), q5 (1) -> 1/2.
        assertThat(metrics.hitRates()).extracting(h -> h.scope() + " " + h.lang() + " " + h.hits() + "/" + h.queries())
                .containsExactly("same de 2/2", "same en 2/2", "cross de 1/2", "cross en 3/3");
        HitRate deCross = metrics.hitRates().get(2);
        // Wilson 95% of 1/2 (see routeGridWithWilsonIntervals): [0.0945, 0.9055].
        assertThat(deCross.low()).isCloseTo(0.0945, within(1e-4));
        assertThat(deCross.high()).isCloseTo(0.9055, within(1e-4));
    }

    @Test
    void slicesByMetadataAndNoHome() {
        Map<String, List<QueryOutcome>> byMode = Slices.by("mode", LanguageFixture.outcomes());
        assertThat(byMode.keySet()).containsExactly("a", "b");
        // mode b = q2, q4 (both en): R@10_cross = 1 and 1.
        LanguageMetrics b = LanguageMetrics.compute(byMode.get("b"), CONFIG);
        assertThat(b.queries()).isEqualTo(2);
        assertThat(b.recall("R@10_cross").balanced()).isCloseTo(1.0, within(EPS));
        Map<String, List<QueryOutcome>> byHome = Slices.by("no-home", LanguageFixture.outcomes());
        assertThat(byHome.get("no-home")).extracting(o -> o.query().id()).containsExactly("q4");
        assertThat(Slices.by("office", LanguageFixture.outcomes()).keySet()).containsExactly(Slices.NONE);
    }

    @Test
    void poolingKeepsFamiliesOfDatasetsApart() {
        List<QueryOutcome> pooled = Slices.pool(Map.of("a", LanguageFixture.outcomes(), "b", LanguageFixture.outcomes()));
        assertThat(pooled).hasSize(10);
        assertThat(pooled).extracting(o -> o.query().family()).contains("a/q1", "b/q1");
        // Pooling a dataset with itself leaves every mean unchanged: balanced R@10 stays 7/8.
        assertThat(LanguageMetrics.compute(pooled, CONFIG).recall("R@10").balanced()).isCloseTo(0.875, within(EPS));
    }

    private void assertMean(String name, double balanced, double pooled, int queries) {
        Mean mean = metrics.recall(name);
        assertThat(mean.balanced()).as(name + " balanced").isCloseTo(balanced, within(EPS));
        assertThat(mean.pooled()).as(name + " pooled").isCloseTo(pooled, within(EPS));
        assertThat(mean.queries()).as(name + " queries").isEqualTo(queries);
    }
}
