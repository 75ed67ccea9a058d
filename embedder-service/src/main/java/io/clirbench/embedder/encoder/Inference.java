package io.clirbench.embedder.encoder;

import java.util.List;

/** Token ids to final vectors: an ONNX session ({@link OnnxEncoder}) or a static model's token vectors ({@link StaticVectors}). */
public interface Inference extends AutoCloseable {

    /** One batch, vectors in input order. */
    float[][] encode(List<TokenizedText> texts);

    /** Where it runs ({@code cpu}, {@code cuda:0}). */
    String device();
}
