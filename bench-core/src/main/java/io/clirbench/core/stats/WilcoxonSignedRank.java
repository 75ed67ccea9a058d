package io.clirbench.core.stats;

import java.util.Arrays;

/**
 * The Wilcoxon signed-rank test on per-query differences (METRICS.md §3 "Other paired tests"), as
 * {@code scipy.stats.wilcoxon(d, zero_method="wilcox", correction=False)}: zero differences are dropped; the others
 * are ranked by absolute value with mid-ranks for ties; {@code T = min(R+, R−)}. With n ≤ 25 non-zero differences
 * and no tie the p-value is exact: {@code min(1, 2 · P(W ≤ T))} under the null distribution of the rank sum W (every
 * sign pattern equally likely, counted by dynamic programming). Otherwise the normal approximation with the tie
 * correction: {@code z = (T − n(n+1)/4) / σ}, {@code σ² = n(n+1)(2n+1)/24 − Σ(t³ − t)/48} over the tie groups,
 * {@code p = 2 Φ(−|z|)}, no continuity correction.
 *
 * <p>Not commons-math3's {@code WilcoxonSignedRankTest}: it keeps zero differences in the ranking and has no tie
 * correction in its normal approximation, so its p differs from the definition above.
 */
public final class WilcoxonSignedRank {

    /** The largest n with an exact p (METRICS.md §3). */
    public static final int EXACT_MAX = 25;

    private WilcoxonSignedRank() {
    }

    /** Tests whether the differences are symmetric about 0; no non-zero difference gives no p. */
    public static PairedTestResult test(double[] differences) {
        double[] nonZero = Arrays.stream(differences).filter(d -> d != 0).toArray();
        int n = nonZero.length;
        if (n == 0) {
            return PairedTestResult.none(0, "every difference is 0");
        }
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Double.compare(Math.abs(nonZero[a]), Math.abs(nonZero[b])));
        double plus = 0;
        double minus = 0;
        double tieTerm = 0;
        for (int start = 0; start < n; ) {
            int end = start;
            while (end + 1 < n && Math.abs(nonZero[order[end + 1]]) == Math.abs(nonZero[order[start]])) {
                end++;
            }
            double midRank = (start + end) / 2.0 + 1; // ranks start+1..end+1
            for (int i = start; i <= end; i++) {
                if (nonZero[order[i]] > 0) {
                    plus += midRank;
                } else {
                    minus += midRank;
                }
            }
            int t = end - start + 1;
            tieTerm += (double) t * t * t - t;
            start = end + 1;
        }
        double statistic = Math.min(plus, minus);
        if (n <= EXACT_MAX && tieTerm == 0) {
            return new PairedTestResult(statistic, Math.min(1, 2 * exactCdf(n, (int) statistic)), null, n);
        }
        double mean = n * (n + 1) / 4.0;
        double variance = n * (n + 1.0) * (2 * n + 1) / 24 - tieTerm / 48;
        if (!(variance > 0)) {
            return PairedTestResult.none(n, "no variance");
        }
        double z = (statistic - mean) / Math.sqrt(variance);
        return new PairedTestResult(statistic, Math.min(1, 2 * Normal.cdf(-Math.abs(z))), null, n);
    }

    /** P(W ≤ t) for the signed-rank sum W of n untied ranks: the share of the 2^n sign patterns with sum ≤ t. */
    static double exactCdf(int n, int t) {
        int max = n * (n + 1) / 2;
        double[] count = new double[max + 1]; // count[s]: patterns of the ranks so far whose positive ranks sum to s
        count[0] = 1;
        for (int rank = 1; rank <= n; rank++) {
            for (int s = max; s >= rank; s--) {
                count[s] += count[s - rank];
            }
        }
        double below = 0;
        for (int s = 0; s <= Math.min(t, max); s++) {
            below += count[s];
        }
        return below / Math.pow(2, n);
    }
}
