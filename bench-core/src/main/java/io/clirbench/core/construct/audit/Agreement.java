package io.clirbench.core.construct.audit;

import java.util.Arrays;

/**
 * Agreement statistics on paired scores. Spearman's rho is Pearson's correlation of the ranks, ties given their average
 * rank (NaN when either side is constant). Cohen's quadratic-weighted kappa on integer categories {@code 0..k-1}:
 * 1 − Σ w·O / Σ w·E with w_ij = (i − j)² / (k − 1)², O the observed contingency table and E the product of its
 * margins over n (Cohen 1968; NaN when Σ w·E is 0). Gwet's AC1 on nominal categories {@code 0..q-1}:
 * (p_a − p_e) / (1 − p_e) with p_a the share of pairs in the same category and p_e = Σ_k π_k (1 − π_k) / (q − 1), π_k the
 * share of all 2n ratings in category k (Gwet 2008, "Computing inter-rater reliability and its variance in the presence of
 * high agreement", eq. 14 for two raters); unlike kappa it stays near p_a when both sides crowd into one category.
 */
public final class Agreement {

    private Agreement() {
    }

    public static double spearman(double[] x, double[] y) {
        return pearson(ranks(x), ranks(y));
    }

    static double pearson(double[] x, double[] y) {
        int n = x.length;
        double mx = Arrays.stream(x).average().orElse(Double.NaN);
        double my = Arrays.stream(y).average().orElse(Double.NaN);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }

    /** 1-based ranks, ties sharing the mean of the ranks they span. */
    static double[] ranks(double[] v) {
        Integer[] order = new Integer[v.length];
        for (int i = 0; i < v.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
        double[] r = new double[v.length];
        int i = 0;
        while (i < v.length) {
            int j = i;
            while (j + 1 < v.length && v[order[j + 1]] == v[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                r[order[k]] = rank;
            }
            i = j + 1;
        }
        return r;
    }

    public static double quadraticKappa(int[] a, int[] b, int categories) {
        int n = a.length;
        double[][] observed = new double[categories][categories];
        double[] rows = new double[categories];
        double[] cols = new double[categories];
        for (int i = 0; i < n; i++) {
            observed[a[i]][b[i]]++;
            rows[a[i]]++;
            cols[b[i]]++;
        }
        double wo = 0;
        double we = 0;
        double denominator = Math.pow(categories - 1, 2);
        for (int i = 0; i < categories; i++) {
            for (int j = 0; j < categories; j++) {
                double w = (i - j) * (i - j) / denominator;
                wo += w * observed[i][j];
                we += w * rows[i] * cols[j] / n;
            }
        }
        return we == 0 ? Double.NaN : 1 - wo / we;
    }

    /** Gwet's AC1 of two ratings per item on {@code categories} nominal categories (NaN with fewer than 2 categories or no pair). */
    public static double gwetAc1(int[] a, int[] b, int categories) {
        int n = a.length;
        if (n == 0 || categories < 2) {
            return Double.NaN;
        }
        double[] counts = new double[categories];
        int same = 0;
        for (int i = 0; i < n; i++) {
            counts[a[i]]++;
            counts[b[i]]++;
            same += a[i] == b[i] ? 1 : 0;
        }
        double agreement = same / (double) n;
        double chance = 0;
        for (double c : counts) {
            double share = c / (2.0 * n);
            chance += share * (1 - share);
        }
        chance /= categories - 1;
        return (agreement - chance) / (1 - chance);
    }

    /** Mean absolute difference of paired scores (NaN without pairs). */
    public static double meanAbsoluteError(int[] a, int[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(a[i] - b[i]);
        }
        return a.length == 0 ? Double.NaN : sum / a.length;
    }
}
