package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Deterministic pieces of METRICS.md §3 against values worked out by hand (or closed forms) in the comments. */
class DeterministicStatsTest {

    @Test
    void friedmanWithoutTiesMatchesTheHandCalculation() {
        // 7 blocks x 3 treatments (rows are blocks). Ranks per block:
        //   72 120 76 -> 1 3 2 | 96 120 95 -> 2 3 1 | 88 132 104 -> 1 3 2 | 92 120 96 -> 1 3 2
        //   74 101 84 -> 1 3 2 | 76 96 72 -> 2 3 1  | 82 112 76 -> 2 3 1
        // Rank sums 10, 21, 11; chi2 = 12/(3*7*4) * (100 + 441 + 121) - 3*7*4 = 94.5714 - 84 = 10.5714.
        // df = 2, so p = exp(-chi2 / 2) = 0.0050634 (closed form of the chi-square survival at 2 df).
        double[][] values = {
            {72, 96, 88, 92, 74, 76, 82},
            {120, 120, 132, 120, 101, 96, 112},
            {76, 95, 104, 96, 84, 72, 76}};
        Friedman.Result result = Friedman.test(values, 7);
        assertThat(result.statistic()).isCloseTo(10.571428571, within(1e-6));
        assertThat(result.df()).isEqualTo(2);
        // 7 blocks < 30: descriptive only, no p-value.
        assertThat(result.p()).isNull();
        assertThat(result.noPValueReason()).contains("paired n = 7 < 30");
        assertThat(ChiSquare.survival(10.571428571, 2)).isCloseTo(Math.exp(-10.571428571 / 2), within(1e-9));
        assertThat(Math.exp(-10.571428571 / 2)).isCloseTo(0.0050634, within(1e-6));
    }

    @Test
    void friedmanUsesMidRanksAndTheTieCorrection() {
        // Block 1: (1, 1, 0) -> mid-ranks (2.5, 2.5, 1), one tie group of t = 2: t^3 - t = 6.
        // Block 2: (0.5, 0, 1) -> ranks (2, 1, 3).
        // Rank sums 4.5, 3.5, 4 -> sum of squares 48.5; 12/(3*2*4) * 48.5 - 3*2*4 = 0.25.
        // C = 1 - 6 / (3 * 8 * 2) = 0.875 -> chi2 = 0.25 / 0.875 = 0.285714.
        double[][] values = {{1, 0.5}, {1, 0}, {0, 1}};
        assertThat(Friedman.test(values, 2).statistic()).isCloseTo(0.2857142857, within(1e-9));
        assertThat(Friedman.midRanks(new double[] {1, 1, 0})).containsExactly(2.5, 2.5, 1.0);
    }

    @Test
    void friedmanGivesAPValueWhenTheBackstopAllows() {
        // 30 blocks, 2 treatments: A beats B in 20 blocks, B beats A in 10 (no ties).
        // Rank sums: A = 20*2 + 10*1 = 50, B = 40. chi2 = 12/(2*30*3) * (2500 + 1600) - 3*30*3 = 273.333 - 270 = 3.3333.
        // df = 1: p = erfc(sqrt(chi2/2)) = erfc(1.290994) = 0.0679 (a two-sided sign test, normal approximation).
        double[][] values = new double[2][30];
        for (int i = 0; i < 30; i++) {
            values[0][i] = i < 20 ? 1 : 0;
            values[1][i] = i < 20 ? 0 : 1;
        }
        Friedman.Result result = Friedman.test(values, 30);
        assertThat(result.statistic()).isCloseTo(3.333333333, within(1e-6));
        assertThat(result.p()).isCloseTo(0.0679, within(1e-4));
    }

    @Test
    void chiSquareSurvivalMatchesClosedForms() {
        // df = 4: P(X > x) = exp(-x/2) (1 + x/2); df = 1: erfc(sqrt(x/2)), erfc(1) = 0.157299207.
        for (double x : new double[] {0.3, 2.0, 7.5, 15.0}) {
            assertThat(ChiSquare.survival(x, 4)).isCloseTo(Math.exp(-x / 2) * (1 + x / 2), within(1e-9));
        }
        assertThat(ChiSquare.survival(2.0, 1)).isCloseTo(0.157299207, within(1e-8));
    }

    @Test
    void holmAdjustsStepDownAndKeepsOrder() {
        // p = (0.01, 0.04, 0.03, 0.005), m = 4. Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> 0.06
        // (monotone). Back in input order: 0.03, 0.06, 0.06, 0.02.
        assertThat(Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005})).containsExactly(0.03, 0.06, 0.06, 0.02);
        // Capped at 1; a missing p (NaN) stays missing and does not count in m (m = 2: 0.6*2 = 1.2 -> 1).
        double[] adjusted = Holm.adjust(new double[] {0.6, Double.NaN, 0.7});
        assertThat(adjusted[0]).isEqualTo(1.0);
        assertThat(adjusted[1]).isNaN();
        assertThat(adjusted[2]).isEqualTo(1.0);
    }

    @Test
    void normalQuantileAndCdf() {
        // Tabulated: Phi^-1(0.975) = 1.959963985, Phi^-1(0.05) = -1.644853627, Phi(1) = 0.841344746.
        assertThat(Normal.quantile(0.975)).isCloseTo(1.959963985, within(1e-8));
        assertThat(Normal.quantile(0.05)).isCloseTo(-1.644853627, within(1e-8));
        assertThat(Normal.quantile(0.001)).isCloseTo(-3.090232306, within(1e-8));
        assertThat(Normal.cdf(1.0)).isCloseTo(0.841344746, within(1e-7));
        assertThat(Normal.cdf(-2.5)).isCloseTo(0.006209665, within(1e-8));
    }

    @Test
    void percentileInterpolatesBetweenOrderStatistics() {
        // n = 5, q = 0.3: position 1.2 -> 2 + 0.2 * (4 - 2) = 2.4.
        assertThat(Percentile.of(new double[] {1, 2, 4, 8, 16}, 0.3)).isCloseTo(2.4, within(1e-12));
        assertThat(Percentile.of(new double[] {1, 2, 4, 8, 16}, 1.0)).isEqualTo(16.0);
    }

    @Test
    void wilsonIntervalOfZeroSuccesses() {
        // 0/10: low 0, high = z^2/n / (1 + z^2/n) = 0.38415/1.38415 = 0.27753.
        WilsonInterval w = WilsonInterval.of95(0, 10);
        assertThat(w.low()).isEqualTo(0.0);
        assertThat(w.high()).isCloseTo(0.27753, within(1e-5));
    }

    @Test
    void backstopNamesTheRuleThatFailed() {
        assertThat(Backstop.reason(29, 50, 50)).contains("paired n = 29 < 30");
        assertThat(Backstop.reason(40, 9, 50)).contains("9 families < 10");
        assertThat(Backstop.reason(40, 12, 9)).contains("9 non-tied pairs < 10");
        assertThat(Backstop.reason(30, 10, 10)).isNull();
    }
}
