package io.clirbench.core.stats;

import java.util.Locale;

/**
 * The descriptive-only backstop of METRICS.md §3: no p-value when the paired n is below 30, the
 * families below 10, or the non-tied pairs (for Friedman: blocks where not every retriever scores
 * the same) below 10.
 */
public final class Backstop {

    public static final int MIN_PAIRED = 30;
    public static final int MIN_FAMILIES = 10;
    public static final int MIN_NON_TIED = 10;

    private Backstop() {
    }

    /** Why no p-value may be given, or {@code null} when one may. */
    public static String reason(int paired, int families, int nonTied) {
        if (paired < MIN_PAIRED) {
            return String.format(Locale.ROOT, "descriptive only: paired n = %d < %d", paired, MIN_PAIRED);
        }
        if (families < MIN_FAMILIES) {
            return String.format(Locale.ROOT, "descriptive only: %d families < %d", families, MIN_FAMILIES);
        }
        if (nonTied < MIN_NON_TIED) {
            return String.format(Locale.ROOT, "descriptive only: %d non-tied pairs < %d", nonTied, MIN_NON_TIED);
        }
        return null;
    }
}
