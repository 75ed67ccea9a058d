package io.clirbench.core.qa.stats;

/**
 * A paired family sign-flip test between two prediction files on one domain.
 *
 * @param first          the first system
 * @param second         the second system
 * @param component      {@code answer} or {@code joint} (F1)
 * @param domain         {@code overall} or a condition name
 * @param n              paired examples
 * @param difference     language-balanced mean of first − second
 * @param p              permutation p-value; {@code null} when descriptive only
 * @param pHolm          Holm-adjusted across the conditions of this pair and component ({@code overall} is its own family); {@code null} without p
 * @param noPValueReason why no p-value, else {@code null}
 */
public record PairedComparison(String first, String second, String component, String domain, int n, double difference,
                               Double p, Double pHolm, String noPValueReason) {
}
