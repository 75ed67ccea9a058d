package io.clirbench.core.metrics.language;

import java.util.Locale;

/**
 * A coverage depth (METRICS.md §2 "Coverage depths"): a nearest-rank percentile of first ranks.
 *
 * @param rank     the depth, {@code null} when censored or when the domain is empty
 * @param censored whether the percentile fell on a query whose gold is not in the top N
 * @param se       bootstrap standard error, {@code null} when censored or not computed
 * @param n        size of the domain the depth was taken over
 * @param depth    the retrieval depth N (for printing {@code >N})
 */
public record Depth(Integer rank, boolean censored, Double se, int n, int depth) {

    /** Printed form: the rank, {@code >N} when censored, {@code n/a} over an empty domain. */
    public String display() {
        if (censored) {
            return ">" + depth;
        }
        return rank == null ? "n/a" : Integer.toString(rank);
    }

    /** Printed form with the standard error, e.g. {@code 12 ± 1.4}. */
    public String displayWithSe() {
        return se == null ? display() : display() + String.format(Locale.ROOT, " ± %.1f", se);
    }
}
