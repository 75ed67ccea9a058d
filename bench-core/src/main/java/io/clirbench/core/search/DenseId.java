package io.clirbench.core.search;

import java.util.Optional;

/**
 * A dense retriever {@code MODEL/INDEX}: the model's embeddings searched in an index of one kind.
 *
 * @param modelId   the encoder's model id (not empty; may itself hold {@code /}, the last one separates the kind)
 * @param indexKind the kind of index
 */
public record DenseId(String modelId, IndexKind indexKind) implements VectorSearchId {

    /** The kind name: the encoder's vectors searched as they are. */
    public static final String KIND = "dense";

    public DenseId {
        VectorSearchId.requireParts(modelId, indexKind, "a dense retriever");
    }

    @Override
    public String id() {
        return modelId + "/" + indexKind.id();
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    /**
     * The syntax {@code MODEL/INDEX}. A text with a {@code /} and none of {@code ( ) ,} or white space is of
     * this form (composed kinds such as {@code fuse(rrf, a/exact, bm25)} are not); the index kind is read
     * case-insensitively and written in lower case.
     */
    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("MODEL/INDEX (INDEX: " + IndexKind.names() + ")", DenseId::parse);
    }

    private static Optional<RetrieverId> parse(String text, RetrieverGrammar grammar) {
        int slash = text.lastIndexOf('/');
        if (slash < 0 || text.chars().anyMatch(c -> c == '(' || c == ')' || c == ',' || Character.isWhitespace(c))) {
            return Optional.empty();
        }
        String model = text.substring(0, slash);
        String kind = text.substring(slash + 1);
        if (model.isEmpty()) {
            throw new RetrieverIdException(text, "the model id before '/' is empty", grammar.forms());
        }
        IndexKind indexKind = IndexKind.of(kind).orElseThrow(() -> new RetrieverIdException(text,
                "unknown index kind '" + kind + "' (" + IndexKind.names() + ")", grammar.forms()));
        return Optional.of(new DenseId(model, indexKind));
    }
}
