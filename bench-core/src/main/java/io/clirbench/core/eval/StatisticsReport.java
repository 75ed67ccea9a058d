package io.clirbench.core.eval;

import io.clirbench.core.stats.Friedman;
import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.SignFlipPermutation;
import java.util.List;
import java.util.Map;

/**
 * Uncertainty and significance across the runs of one evaluation (METRICS.md §3).
 *
 * @param replicates bootstrap resamples and sign-flip patterns (B)
 * @param seed       seed of every draw (the same draws serve every run: comparisons are paired)
 * @param level      confidence level of the intervals
 * @param intervals  run → metric ({@code R@10}, {@code R@10_same}, {@code R@10_cross}) → balanced mean with its interval
 * @param gaps       per run, the paired same-vs-cross gap on the dual-gold queries, Holm-adjusted across runs
 * @param friedman   omnibus test on per-query R@10 over all runs; {@code null} with fewer than two runs
 * @param pairs      every pair of runs: mean R@10 difference, its interval, sign-flip p, Holm-adjusted across pairs, and
 *                   the paired t-test and Wilcoxon signed-rank p beside it
 */
public record StatisticsReport(int replicates, long seed, double level, Map<String, Map<String, MetricInterval>> intervals,
                               List<GapTest> gaps, Friedman.Result friedman, List<PairTest> pairs) {

    /** Significance threshold applied to Holm-adjusted p-values in the report. */
    public static final double ALPHA = 0.05;

    /**
     * A balanced mean with its clustered-bootstrap interval.
     *
     * @param point    the balanced mean
     * @param interval the interval (BCa, percentile fallback, or none)
     * @param queries  domain queries
     * @param families families in the domain
     */
    public record MetricInterval(double point, Interval interval, int queries, int families) {
    }

    /**
     * The paired same-vs-cross gap {@code Δ = R@10_same − R@10_cross} of one run on Dom_SX.
     *
     * @param run      the run
     * @param point    balanced mean of Δ
     * @param interval its interval
     * @param test     family sign-flip test of Δ
     * @param pHolm    p adjusted across runs; {@code null} when the test gives no p
     */
    public record GapTest(String run, double point, Interval interval, SignFlipPermutation.Result test, Double pHolm) {
    }

    /**
     * Run {@code a} against run {@code b} on per-query R@10 over G.
     *
     * @param a              first run
     * @param b              second run
     * @param meanDifference balanced mean of {@code R@10(a) − R@10(b)}
     * @param interval       its interval (paired: the same draws for both runs)
     * @param test           family sign-flip test of the difference
     * @param pHolm          p adjusted across pairs; {@code null} when the test gives no p
     * @param significant    {@code pHolm < 0.05}
     * @param others         the paired t-test and the Wilcoxon signed-rank test on the same per-query differences
     */
    public record PairTest(String a, String b, double meanDifference, Interval interval, SignFlipPermutation.Result test,
                           Double pHolm, boolean significant, OtherTests others) {
    }

    /**
     * The other paired tests of one pair (METRICS.md §3 "Other paired tests"), on the plain per-query differences of
     * the sign-flip test's domain (every query, not the balanced mean), each Holm-adjusted across the pairs. They give
     * no p where the sign-flip test gives none (the same descriptive-only rule: paired n, families, non-tied pairs).
     *
     * @param tTest        Student's paired t-test
     * @param tHolm        its p adjusted across pairs; {@code null} without a p
     * @param wilcoxon     the Wilcoxon signed-rank test (zeros dropped, exact for n ≤ 25 without ties)
     * @param wilcoxonHolm its p adjusted across pairs; {@code null} without a p
     */
    public record OtherTests(io.clirbench.core.stats.PairedTestResult tTest, Double tHolm,
                             io.clirbench.core.stats.PairedTestResult wilcoxon, Double wilcoxonHolm) {
    }
}
