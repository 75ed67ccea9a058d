package io.clirbench.index.store;

/** Similarity of a collection. COSINE vectors are normalised on upsert and on query, then compared by dot product. */
public enum Metric {
    DOT,
    COSINE
}
