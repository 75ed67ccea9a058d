package io.clirbench.core.llm;

/**
 * How a reply is sampled: the temperature and the completion-token bound (0: the server's). Part of every cache key
 * and of every record's provenance.
 */
public record Decoding(double temperature, int maxTokens) {

    /** Greedy, bounded by the server: what every shipped prompt uses unless its pipeline says otherwise. */
    public static final Decoding GREEDY = new Decoding(0, 0);

    public Decoding {
        if (!(temperature >= 0 && temperature <= 2)) {
            throw new IllegalArgumentException("decoding: temperature must be in [0, 2], was " + temperature);
        }
        if (maxTokens < 0) {
            throw new IllegalArgumentException("decoding: max tokens must not be negative, was " + maxTokens);
        }
    }
}
