package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The paired t-test and the Wilcoxon signed-rank test (METRICS.md §3 "Other paired tests") on differences whose
 * p-values are computed by hand or, for the t distribution, by Simpson integration of its density in a few lines of
 * Python's standard library (shown in each comment), independent of commons-math3.
 */
class PairedTestsTest {

    @Test
    void tTestOfOneToFive() {
        // mean 3, s = √2.5, t = 3 / (√2.5/√5) = 4.2426 with 4 df; two-sided p = 2·∫_t^∞ f₄ = 0.0132356 (Simpson, h = 0.002;
        // scipy.stats.ttest_1samp([1,2,3,4,5], 0) prints the same 0.013236)
        PairedTestResult r = PairedTTest.test(new double[] {1, 2, 3, 4, 5});
        assertThat(r.statistic()).isCloseTo(3 / Math.sqrt(0.5), within(1e-12));
        assertThat(r.p()).isCloseTo(0.0132356, within(1e-6));
        assertThat(r.n()).isEqualTo(5);
    }

    @Test
    void tTestWithMixedSignsAndAZero() {
        // d = 0.2, −0.1, 0.4, 0.3, 0, 0.5: the zero stays (a t-test keeps every pair); t = 2.29095, 5 df, p = 0.0705656
        PairedTestResult r = PairedTTest.test(new double[] {0.2, -0.1, 0.4, 0.3, 0.0, 0.5});
        assertThat(r.statistic()).isCloseTo(2.2909490, within(1e-6));
        assertThat(r.p()).isCloseTo(0.0705656, within(1e-6));
    }

    @Test
    void tTestOfEqualDifferencesHasNoP() {
        assertThat(PairedTTest.test(new double[] {0.1, 0.1, 0.1}).p()).isNull();
        assertThat(PairedTTest.test(new double[] {0.1, 0.1, 0.1}).noPValueReason()).isEqualTo("every difference is the same");
        assertThat(PairedTTest.test(new double[] {0.3}).p()).isNull();
    }

    @Test
    void wilcoxonExactWhenAllDifferencesArePositive() {
        // 1..5 all positive: R− = 0, the only pattern with W ≤ 0 is "no positive rank": P = 1/32, p = 2/32 = 0.0625
        // (scipy.stats.wilcoxon([1,2,3,4,5]) gives 0.0625)
        PairedTestResult r = WilcoxonSignedRank.test(new double[] {1, 2, 3, 4, 5});
        assertThat(r.statistic()).isEqualTo(0.0);
        assertThat(r.p()).isCloseTo(0.0625, within(1e-15));
    }

    @Test
    void wilcoxonExactCountsTheSignPatternsBelowT() {
        // 1..5 positive, −6: R+ = 15, R− = 6, T = 6. Subsets of {1..6} with sum ≤ 6: {} {1} {2} {3} {1,2} {4} {1,3}
        // {5} {1,4} {2,3} {6} {1,5} {2,4} {1,2,3} = 14 of 64; p = 2·14/64 = 0.4375. The zero is dropped first.
        PairedTestResult r = WilcoxonSignedRank.test(new double[] {0.1, 0.2, 0, 0.3, 0.4, 0.5, -0.6});
        assertThat(r.n()).isEqualTo(6);
        assertThat(r.statistic()).isEqualTo(6.0);
        assertThat(r.p()).isCloseTo(0.4375, within(1e-15));
    }

    @Test
    void wilcoxonNormalApproximationWithTies() {
        // |d| = 1, 1, 1, 2: mid-rank 2 for the three ties, 4 for the 2; R+ = 2 + 2 + 4 = 8, R− = 2, T = 2, n = 4.
        // mean 5, σ² = 4·5·9/24 − (3³ − 3)/48 = 7.5 − 0.5 = 7; z = −3/√7 = −1.1338934; p = erfc(|z|/√2) = 0.2568393
        PairedTestResult r = WilcoxonSignedRank.test(new double[] {1, 1, -1, 2});
        assertThat(r.statistic()).isEqualTo(2.0);
        assertThat(r.p()).isCloseTo(0.2568393, within(1e-6));
    }

    @Test
    void wilcoxonNormalApproximationAboveTwentyFive() {
        // 1..30, negative at 3, 10, 17: R− = 30, no ties, n = 30 > 25: z = (30 − 232.5)/√(30·31·61/24) = −4.1650887,
        // p = erfc(|z|/√2) = 3.1123e-5
        double[] d = IntStream.rangeClosed(1, 30).mapToDouble(k -> k == 3 || k == 10 || k == 17 ? -k : k).toArray();
        PairedTestResult r = WilcoxonSignedRank.test(d);
        assertThat(r.statistic()).isEqualTo(30.0);
        assertThat(r.p()).isCloseTo(3.1123e-5, within(1e-8));
    }

    @Test
    void wilcoxonExactDistributionIsSymmetricAndSumsToOne() {
        // W ranges over 0..n(n+1)/2 = 0..55 for n = 10; P(W ≤ 55) = 1 and P(W ≤ 27) = 1/2 by symmetry (55 is odd)
        assertThat(WilcoxonSignedRank.exactCdf(10, 55)).isEqualTo(1.0);
        assertThat(WilcoxonSignedRank.exactCdf(10, 27)).isCloseTo(0.5, within(1e-15));
        assertThat(WilcoxonSignedRank.test(new double[] {0, 0}).p()).isNull();
    }
}
