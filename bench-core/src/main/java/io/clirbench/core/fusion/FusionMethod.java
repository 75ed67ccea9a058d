package io.clirbench.core.fusion;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** How M ranked lists are fused (METRICS.md §6, ranx definitions). */
public enum FusionMethod {
    /** Reciprocal rank fusion: {@code Σ 1/(k + rank)}. */
    RRF,
    /** Sum of normalised scores. */
    COMBSUM,
    /** CombSUM times the number of lists that hold the document. */
    COMBMNZ;

    /** The name in retriever ids: {@code rrf}, {@code combsum}, {@code combmnz}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the method combines scores (and so needs a {@link ScoreNormalization}). */
    public boolean usesScores() {
        return this != RRF;
    }

    /** The method named {@code text} (any letter case). */
    public static Optional<FusionMethod> of(String text) {
        return Arrays.stream(values()).filter(m -> m.id().equals(text.toLowerCase(Locale.ROOT))).findFirst();
    }

    /** {@code rrf, combsum, combmnz}. */
    public static String names() {
        return Arrays.stream(values()).map(FusionMethod::id).collect(Collectors.joining(", "));
    }
}
