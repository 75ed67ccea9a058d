package io.clirbench.core.search;

/**
 * {@code MODEL/maxsim}: the encoder's multi-vector output (one vector per token, ColBERT or bge-m3's colbert head; the
 * model card's {@code "multivector"}) in a token-matrix index, documents ranked by MaxSim (for each query token the best
 * dot product with a document token, summed) after a candidate stage.
 *
 * @param modelId the encoder's model id (not empty)
 */
public record MaxSimId(String modelId) implements EncoderOutputId {

    /** The kind name. */
    public static final String KIND = "maxsim";

    public MaxSimId {
        EncoderOutputId.requireModel(modelId, "MaxSim");
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("MODEL/maxsim", (text, grammar) -> EncoderOutputId.parse(text, KIND, grammar, MaxSimId::new));
    }
}
