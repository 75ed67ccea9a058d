package io.clirbench.core.qa.model;

/**
 * A gold supporting fact.
 *
 * @param paragraphId the candidate id
 * @param sentenceId  0-based sentence index in that candidate
 * @param role        free label ({@code bridge}, {@code answer}, {@code support}, ...); may be {@code null}
 */
public record SupportingFact(String paragraphId, int sentenceId, String role) {

    /** The (paragraph, sentence) key that scoring compares. */
    public FactKey key() {
        return new FactKey(paragraphId, sentenceId);
    }
}
