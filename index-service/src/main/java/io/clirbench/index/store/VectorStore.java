package io.clirbench.index.store;

import java.util.List;

/**
 * Port of every vector store kind (exact, HNSW, Qdrant). Implementations rank by score
 * descending, ties by doc id ascending, and are safe for concurrent searches; upserts may be serialised.
 */
public interface VectorStore extends AutoCloseable {

    CollectionSpec spec();

    long count();

    /** Bytes of the store's files on this service's disk; 0 when it keeps none here or cannot tell (Qdrant). */
    default long diskBytes() {
        return 0;
    }

    /** Bytes the store holds resident to answer searches, estimated; 0 when it cannot tell (Qdrant). */
    default long memoryBytes() {
        return 0;
    }

    /** Inserts or replaces points by doc id. Vectors are already validated and, for COSINE, normalised. */
    void upsert(Points points);

    /**
     * Top-{@code n} hits for each query vector (already validated and normalised like the points).
     *
     * @param ef HNSW candidates explored ({@code 0} = store default); ignored by other kinds
     */
    List<List<Hit>> search(float[][] queries, int n, PayloadFilter filter, int ef);

    /** Releases resources; the stored data stays. */
    @Override
    void close();

    /** Releases resources and deletes the stored data. */
    void drop();
}
