package io.clirbench.core.search;

/**
 * {@code MODEL/sparse}: the encoder's sparse output (token-id weights, SPLADE or bge-m3's sparse head; the model card's
 * {@code "sparse"}) in an inverted index, documents ranked by the dot product of the weights.
 *
 * @param modelId the encoder's model id (not empty)
 */
public record SparseId(String modelId) implements EncoderOutputId {

    /** The kind name. */
    public static final String KIND = "sparse";

    public SparseId {
        EncoderOutputId.requireModel(modelId, "sparse");
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("MODEL/sparse", (text, grammar) -> EncoderOutputId.parse(text, KIND, grammar, SparseId::new));
    }
}
