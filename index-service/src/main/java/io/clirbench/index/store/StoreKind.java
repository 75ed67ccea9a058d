package io.clirbench.index.store;

/**
 * Which store keeps a collection's points and searches them (its {@link CollectionSpec#kind()}, kept in the collection's
 * metadata by constant name). The wire names it {@code index.v1.IndexKind}; it is not bench-core's {@code search.IndexKind},
 * the index part of a dense retriever id ({@code MODEL/exact}), which has no {@code BM25}.
 */
public enum StoreKind {
    /** Flat, exact; the default for benchmarks. */
    EXACT,
    /** Lucene HNSW graph; approximate (measure recall against EXACT). */
    HNSW,
    /** A Qdrant server. */
    QDRANT,
    /** No vectors: a lexical (BM25) index only. */
    BM25
}
