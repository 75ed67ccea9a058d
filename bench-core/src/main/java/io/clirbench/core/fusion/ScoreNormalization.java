package io.clirbench.core.fusion;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Per-list score normalisation before CombSUM / CombMNZ (METRICS.md §6). */
public enum ScoreNormalization {
    /** {@code (s − min) / (max − min)}, 0 when max = min. */
    MINMAX,
    /** {@code (s − mean) / sd} (population sd), 0 when sd = 0. */
    ZSCORE;

    /** The name in retriever ids: {@code minmax}, {@code zscore}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The normalised copy of one list's scores. */
    public double[] apply(double[] scores) {
        double[] out = new double[scores.length];
        if (scores.length == 0) {
            return out;
        }
        if (this == MINMAX) {
            double min = Arrays.stream(scores).min().orElseThrow();
            double max = Arrays.stream(scores).max().orElseThrow();
            for (int i = 0; i < scores.length; i++) {
                out[i] = max == min ? 0 : (scores[i] - min) / (max - min);
            }
            return out;
        }
        double mean = Arrays.stream(scores).average().orElseThrow();
        double ss = 0;
        for (double s : scores) {
            ss += (s - mean) * (s - mean);
        }
        // ranx uses numpy's std, the population standard deviation
        double sd = Math.sqrt(ss / scores.length);
        for (int i = 0; i < scores.length; i++) {
            out[i] = sd == 0 ? 0 : (scores[i] - mean) / sd;
        }
        return out;
    }

    /** The normalisation named {@code text} (any letter case). */
    public static Optional<ScoreNormalization> of(String text) {
        return Arrays.stream(values()).filter(n -> n.id().equals(text.toLowerCase(Locale.ROOT))).findFirst();
    }

    /** {@code minmax, zscore}. */
    public static String names() {
        return Arrays.stream(values()).map(ScoreNormalization::id).collect(Collectors.joining(", "));
    }
}
