package io.clirbench.core.search;

import java.util.Objects;

/**
 * A retriever that embeds the corpus and the queries with one encoder and searches an index of the vectors:
 * {@link DenseId} and {@link AlignedDenseId}.
 */
public interface VectorSearchId extends EncoderId {

    /** The kind of index searched. */
    IndexKind indexKind();

    /** Checks a record's parts: a non-empty model id and an index kind; {@code what} names the kind in the error. */
    static void requireParts(String modelId, IndexKind indexKind, String what) {
        Objects.requireNonNull(modelId, "modelId");
        Objects.requireNonNull(indexKind, "indexKind");
        if (modelId.isEmpty()) {
            throw new IllegalArgumentException(what + " needs a model id");
        }
    }
}
