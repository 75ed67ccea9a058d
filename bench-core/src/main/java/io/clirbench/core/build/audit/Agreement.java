package io.clirbench.core.build.audit;

import java.util.Arrays;

/**
 * Agreement statistics on paired scores. Spearman's rho is Pearson's correlation of the ranks, ties given their average
 * rank (NaN when either side is constant). Cohen's quadratic-weighted kappa on integer categories {@code 0..k-1}:
 * 1 − Σ w·O / Σ w·E with w_ij = (i − j)² / (k − 1)², O the observed contingency table and E the product of its
 * margins over n (Cohen 1968; NaN when Σ w·E is 0).
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
}
