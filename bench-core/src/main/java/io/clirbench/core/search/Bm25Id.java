package io.clirbench.core.search;

import java.util.Optional;

/** The BM25 retriever: {@code bm25} (Lucene's analyzer of each query's language, in the index-service). */
public record Bm25Id() implements ShippedId {

    /** The kind name and the id text. */
    public static final String KIND = "bm25";

    static final Bm25Id INSTANCE = new Bm25Id();

    @Override
    public String id() {
        return KIND;
    }

    /** The syntax {@code bm25}, in any case. */
    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of(KIND, (text, grammar) -> KIND.equalsIgnoreCase(text) ? Optional.of(INSTANCE) : Optional.empty());
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }
}
