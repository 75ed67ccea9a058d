package io.clirbench.core.llm;

/** What a model costs, in US dollars per million prompt (input) and completion (output) tokens. */
public record Price(double inputPerMTok, double outputPerMTok) {

    public static final Price FREE = new Price(0, 0);

    public Price {
        if (!(inputPerMTok >= 0) || !(outputPerMTok >= 0)) {
            throw new IllegalArgumentException("price: per-million-token prices must be finite and not negative");
        }
    }

    public double of(long promptTokens, long completionTokens) {
        return (promptTokens * inputPerMTok + completionTokens * outputPerMTok) / 1e6;
    }
}
