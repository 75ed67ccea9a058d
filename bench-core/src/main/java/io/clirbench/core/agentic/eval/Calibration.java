package io.clirbench.core.agentic.eval;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Calibration error (METRICS.md §5): answers sorted by confidence (ties by query id), consecutive bins of 100
 * (the last absorbs the remainder), {@code 100 · sqrt(Σ_b (n_b/N)(mean confidence_b/100 − accuracy_b)²)}.
 * Ours sums every bin and is not reported below 100 answers; BrowseComp-Plus's {@code calib_err} leaves the last
 * bin out of the sum (N still counts every answer) and gives 0 below 100 answers. XBCP's per-language variant
 * ({@link #xbcp}) is offered by name ({@code --compat xbcp}) for the per-evidence-language table.
 */
public final class Calibration {

    /** The bin size (BrowseComp-Plus {@code beta}). */
    public static final int BIN = 100;

    private Calibration() {
    }

    /** The calibration error in percent, or {@code null} (default mode, fewer than 100 answers). */
    public static Double error(double[] confidence, boolean[] correct, String[] queryIds, ScoringMode mode) {
        int n = confidence.length;
        if (n < BIN) {
            return mode == ScoringMode.BCP ? 0.0 : null;
        }
        return binned(confidence, correct, queryIds, BIN, mode == ScoringMode.BCP);
    }

    /**
     * Both variants' sum: answers sorted by confidence (0–100 here, divided by 100; ties by query id), bins of
     * {@code binSize} with the last stretched to {@code n}, the last bin left out when {@code dropLast} (BrowseComp-Plus):
     * {@code 100 · sqrt(Σ_b (n_b/n) · (mean conf_b − accuracy_b)²)}.
     */
    private static double binned(double[] confidence, boolean[] correct, String[] queryIds, int binSize, boolean dropLast) {
        int n = confidence.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> confidence[i]).thenComparing(i -> queryIds[i]));
        int bins = n / binSize;
        int summed = dropLast ? bins - 1 : bins;
        double sum = 0;
        for (int b = 0; b < summed; b++) {
            int from = b * binSize;
            int to = b == bins - 1 ? n : from + binSize;
            double conf = 0;
            double acc = 0;
            for (int k = from; k < to; k++) {
                conf += confidence[order[k]] / 100.0;
                acc += correct[order[k]] ? 1 : 0;
            }
            int size = to - from;
            double difference = conf / size - acc / size;
            sum += (double) size / n * difference * difference;
        }
        return Math.sqrt(sum) * 100;
    }

    /** Below this many answers with a confidence, XBCP's per-language calibration is NaN. */
    public static final int XBCP_MIN_PER_LANGUAGE = 6;

    /**
     * XBCP's per-language calibration error ({@code scripts_xbcp/16_eval_per_language.py}, METRICS.md §5): answers
     * sorted by confidence (0–100 here, divided by 100; ties by query id), {@code beta = min(100, max(n // 3, 2))},
     * bins {@code [i·beta, (i+1)·beta)} for {@code i < n // beta} with the last stretched to {@code n}, every bin
     * summed: {@code 100 · sqrt(Σ_b (n_b/n) · |mean conf_b − accuracy_b|²)}; NaN when {@code n < 2}.
     */
    public static double xbcp(double[] confidence, boolean[] correct, String[] queryIds) {
        int n = confidence.length;
        if (n < 2) {
            return Double.NaN;
        }
        int beta = Math.min(100, Math.max(n / 3, 2));
        return binned(confidence, correct, queryIds, beta, false);
    }

    /** XBCP's value for one evidence language: NaN below {@link #XBCP_MIN_PER_LANGUAGE} answers with a confidence. */
    public static double xbcpLanguage(double[] confidence, boolean[] correct, String[] queryIds) {
        return confidence.length < XBCP_MIN_PER_LANGUAGE ? Double.NaN : xbcp(confidence, correct, queryIds);
    }

    /** The label that says which variant a number is. */
    public static String label(ScoringMode mode) {
        return mode == ScoringMode.BCP ? "BrowseComp-Plus calib_err (last bin left out, 0 below 100 answers)"
                : "ours (every bin, not reported below 100 answers)";
    }
}
