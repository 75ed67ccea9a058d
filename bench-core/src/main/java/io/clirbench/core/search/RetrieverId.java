package io.clirbench.core.search;

/**
 * The id of one retriever of a run, as a value: {@code bm25} or {@code MODEL/INDEX} today, more kinds later
 * (see the package documentation).
 *
 * <p>Not sealed on purpose: a kind is a record implementing this interface plus a {@link RetrieverSyntax}
 * in a {@link RetrieverGrammar}, so a service can register a kind of its own without editing this type.
 * Implementations are value records whose {@code toString()} is {@link #id()}.
 */
public interface RetrieverId {

    /** The canonical text of the id ({@code bm25}, {@code all-minilm-l6-v2/exact}); parsing it gives an equal id. */
    String id();

    /** The name of the kind ({@code bm25}, {@code dense}, ...): what a service dispatches on. */
    String kind();

    /** The id as a file name: every character outside {@code [A-Za-z0-9._-]} becomes {@code _}. */
    default String fileName() {
        return id().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Whether this is the BM25 retriever. */
    default boolean isBm25() {
        return this instanceof Bm25Id;
    }

    /** Parses an id with the built-in grammar; throws {@link RetrieverIdException} naming the value and the forms. */
    static RetrieverId parse(String text) {
        return RetrieverGrammar.builtIn().parse(text);
    }

    /** The BM25 retriever ({@code bm25}). */
    static RetrieverId bm25() {
        return Bm25Id.INSTANCE;
    }

    /** A dense retriever: model {@code modelId} searched in an index of kind {@code kind}. */
    static RetrieverId dense(String modelId, IndexKind kind) {
        return new DenseId(modelId, kind);
    }
}
