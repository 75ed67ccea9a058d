package io.clirbench.core.search;

import java.util.Optional;

/**
 * A dense retriever whose vectors go through the model's language adapters: {@code MODEL+align/INDEX}.
 * The embedder maps each text's vector into the pivot language's space with the adapter of the text's
 * language (orthogonal Procrustes maps, learned by {@code bench align}).
 *
 * @param modelId   the base model id (its embedder holds the adapters)
 * @param indexKind the kind of index
 */
public record AlignedDenseId(String modelId, IndexKind indexKind) implements VectorSearchId {

    /** The kind name: vectors mapped by the language adapters first. */
    public static final String KIND = "dense-aligned";

    /** What follows the model id. */
    public static final String SUFFIX = "+align";

    public AlignedDenseId {
        VectorSearchId.requireParts(modelId, indexKind, "an aligned dense retriever");
    }

    /** The same model and index without adapters. */
    public DenseId base() {
        return new DenseId(modelId, indexKind);
    }

    @Override
    public String id() {
        return modelId + SUFFIX + "/" + indexKind.id();
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        RetrieverSyntax dense = DenseId.syntax();
        return RetrieverSyntax.of("MODEL+align/INDEX", (text, grammar) -> {
            int slash = text.lastIndexOf('/');
            if (slash < 0 || !text.regionMatches(true, slash - SUFFIX.length(), SUFFIX, 0, SUFFIX.length())) {
                return Optional.empty();
            }
            return dense.parse(text, grammar).map(id -> {
                DenseId d = (DenseId) id;
                String model = d.modelId().substring(0, d.modelId().length() - SUFFIX.length());
                if (model.isEmpty()) {
                    throw new RetrieverIdException(text, "the model id before '+align' is empty", grammar.forms());
                }
                return new AlignedDenseId(model, d.indexKind());
            });
        });
    }
}
