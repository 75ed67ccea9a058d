package io.clirbench.core.search;

import java.util.Set;

/**
 * A retriever of one encoder, which embeds the corpus and the queries with it: {@link VectorSearchId} (dense vectors in
 * an index) and {@link EncoderOutputId} (the encoder's sparse or multi-vector output). Its one encoder is all it needs.
 */
public interface EncoderId extends ShippedId {

    /** The encoder's model id. */
    String modelId();

    @Override
    default Set<String> models() {
        return Set.of(modelId());
    }

    @Override
    default boolean embedsCorpus() {
        return true;
    }
}
