package io.clirbench.encoders;

import java.util.List;

/** Token ids to final vectors: an ONNX session ({@link OnnxEncoder}) or a static model's token vectors ({@link StaticVectors}). */
public interface Inference extends AutoCloseable {

    /** One batch, vectors in input order. */
    float[][] encode(List<TokenizedText> texts);

    /**
     * One batch for one of the card's outputs ({@link OnnxEncoder}); only {@link OutputKind#DENSE} by default (static and
     * served models have no other).
     */
    default float[][] encode(List<TokenizedText> texts, OutputKind kind) {
        if (kind != OutputKind.DENSE) {
            throw new IllegalStateException("this model computes dense vectors only, not " + kind.cardName());
        }
        return encode(texts);
    }

    /** Where it runs ({@code cpu}, {@code cuda:0}, {@code remote}). */
    String device();

    /**
     * What computes the vectors when it is not this process's runtime (embed.v1 {@code Info.runtime}: a served model's
     * protocol, endpoint and the model the endpoint reports); null: the card's kind says (ONNX Runtime, static vectors).
     */
    default String provenance() {
        return null;
    }
}
