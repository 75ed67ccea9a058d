package io.clirbench.core.stats;

import java.util.Arrays;

/**
 * The Friedman test of M retrievers over n blocks (queries), as {@code scipy.stats.friedmanchisquare}
 * (METRICS.md §3): mid-ranks within each block, {@code χ² = (12/(k n (k+1)) Σ_j R_j² − 3 n (k+1)) / C}
 * with the tie correction {@code C = 1 − Σ(t³ − t) / (k (k² − 1) n)}, chi-square with k − 1 df.
 * Unlike scipy, which refuses fewer than 3 samples, two retrievers are accepted: the statistic is
 * then the sign test's chi-square (ties drop out), so a two-run report still has its omnibus line.
 */
public final class Friedman {

    private Friedman() {
    }

    /**
     * Tests {@code values[retriever][block]}; {@code families} is the number of distinct families
     * among the blocks (for the descriptive-only backstop).
     */
    public static Result test(double[][] values, int families) {
        int k = values.length;
        if (k < 2) {
            throw new IllegalArgumentException("Friedman needs at least 2 retrievers, got " + k);
        }
        int n = values[0].length;
        double[] rankSums = new double[k];
        double ties = 0;
        int nonTied = 0;
        double[] block = new double[k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                block[j] = values[j][i];
            }
            double[] ranks = midRanks(block);
            for (int j = 0; j < k; j++) {
                rankSums[j] += ranks[j];
            }
            ties += tieTerm(block);
            if (!allEqual(block)) {
                nonTied++;
            }
        }
        double ssbn = 0;
        for (double r : rankSums) {
            ssbn += r * r;
        }
        double correction = 1 - ties / ((double) k * (k * k - 1) * n);
        double statistic = (12.0 / (k * (double) n * (k + 1)) * ssbn - 3.0 * n * (k + 1)) / correction;
        Double chi2 = Double.isFinite(statistic) ? statistic : null; // every block tied: 0 / 0
        String reason = Backstop.reason(n, families, nonTied);
        Double p = reason == null && chi2 != null ? ChiSquare.survival(chi2, k - 1) : null;
        if (reason == null && p == null) {
            reason = "every block is tied";
        }
        return new Result(chi2, k - 1, p, n, nonTied, families, reason);
    }

    /** Mid-ranks (1-based, ties share the mean of their positions). */
    static double[] midRanks(double[] values) {
        int k = values.length;
        Integer[] order = new Integer[k];
        for (int j = 0; j < k; j++) {
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        double[] ranks = new double[k];
        int start = 0;
        while (start < k) {
            int end = start;
            while (end + 1 < k && values[order[end + 1]] == values[order[start]]) {
                end++;
            }
            double mid = (start + end) / 2.0 + 1;
            for (int j = start; j <= end; j++) {
                ranks[order[j]] = mid;
            }
            start = end + 1;
        }
        return ranks;
    }

    private static double tieTerm(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double term = 0;
        int start = 0;
        while (start < sorted.length) {
            int end = start;
            while (end + 1 < sorted.length && sorted[end + 1] == sorted[start]) {
                end++;
            }
            double t = end - start + 1;
            term += t * t * t - t;
            start = end + 1;
        }
        return term;
    }

    private static boolean allEqual(double[] values) {
        for (double v : values) {
            if (v != values[0]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The Friedman test's outcome.
     *
     * @param statistic      χ² with the tie correction ({@code null} when every block is tied)
     * @param df             degrees of freedom, k − 1
     * @param p              p-value; {@code null} when descriptive only
     * @param blocks         blocks (queries with gold)
     * @param nonTiedBlocks  blocks where not every retriever scores the same
     * @param families       families among the blocks
     * @param noPValueReason why no p-value is given, else {@code null}
     */
    public record Result(Double statistic, int df, Double p, int blocks, int nonTiedBlocks, int families,
                         String noPValueReason) {
    }
}
