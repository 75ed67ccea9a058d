package io.clirbench.index.store;

/** How a collection's vectors are stored and searched. */
public enum IndexKind {
    /** Flat, exact; the default for benchmarks. */
    EXACT,
    /** Lucene HNSW graph; approximate (measure recall against EXACT). */
    HNSW,
    /** A Qdrant server. */
    QDRANT,
    /** No vectors: a lexical (BM25) index only. */
    BM25
}
