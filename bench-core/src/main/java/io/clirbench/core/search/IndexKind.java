package io.clirbench.core.search;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The index a dense retriever searches (ARCHITECTURE.md "Retrievers"). */
public enum IndexKind {
    /** Exact flat search over every vector. */
    EXACT,
    /** Lucene HNSW graph. */
    HNSW,
    /** A Qdrant collection. */
    QDRANT;

    /** The name in retriever ids: {@code exact}, {@code hnsw}, {@code qdrant}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code text} (any letter case), empty when there is none. */
    public static Optional<IndexKind> of(String text) {
        return Arrays.stream(values()).filter(k -> k.id().equals(text.toLowerCase(Locale.ROOT))).findFirst();
    }

    /** The names, comma-separated: {@code exact, hnsw, qdrant}. */
    public static String names() {
        return Arrays.stream(values()).map(IndexKind::id).collect(Collectors.joining(", "));
    }
}
