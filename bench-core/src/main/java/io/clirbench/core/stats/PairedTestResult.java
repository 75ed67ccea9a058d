package io.clirbench.core.stats;

/**
 * The outcome of a paired test on per-query differences ({@link PairedTTest}, {@link WilcoxonSignedRank}).
 *
 * @param statistic       t, or the Wilcoxon T (the smaller signed-rank sum); {@code null} when there is none (JSON has no NaN)
 * @param p               two-sided p; {@code null} when the test gives none
 * @param noPValueReason  why there is no p, else {@code null}
 * @param n               the differences the test used (Wilcoxon: the non-zero ones)
 */
public record PairedTestResult(Double statistic, Double p, String noPValueReason, int n) {

    static PairedTestResult none(int n, String reason) {
        return new PairedTestResult(null, null, reason, n);
    }
}
