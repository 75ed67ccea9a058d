package io.clirbench.core.agentic.eval;

/**
 * A paired comparison of two runs on the same queries (METRICS.md §5): the sign-flip test of the per-query
 * difference {@code a − b}, Holm-adjusted across every comparison of the evaluation.
 *
 * @param metric     {@code accuracy} or {@code evidence recall}
 * @param a          first run
 * @param b          second run
 * @param paired     queries with a value in both
 * @param difference mean of {@code a − b}
 * @param p          the permutation p-value, {@code null} when descriptive only
 * @param pHolm      the Holm-adjusted p-value, {@code null} when descriptive only
 * @param note       why there is no p-value, else {@code null}
 */
public record Comparison(String metric, String a, String b, int paired, double difference, Double p, Double pHolm, String note) {
}
