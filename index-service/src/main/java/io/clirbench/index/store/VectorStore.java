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

    /** Inserts or replaces sparse or multi-vector points by doc id (already validated); only stores of that representation. */
    default void upsert(RepresentedPoints points) {
        throw new UnsupportedByKindException("collection '" + spec().name() + "' holds dense points: upsert them as Point.vector");
    }

    /** Top-{@code n} hits by dot product for each sparse query; only a SPARSE store. */
    default List<List<Hit>> searchSparse(List<SparseVector> queries, int n, PayloadFilter filter) {
        throw new UnsupportedByKindException("collection '" + spec().name() + "' is not sparse: search it with vectors");
    }

    /**
     * Top-{@code n} hits by MaxSim for each query matrix; only a MULTIVECTOR store.
     *
     * @param candidates documents re-scored by exact MaxSim after the candidate stage (0 = the store's default)
     */
    default List<List<Hit>> searchMultiVector(List<float[]> queries, int n, PayloadFilter filter, int candidates) {
        throw new UnsupportedByKindException("collection '" + spec().name() + "' is not multi-vector: search it with vectors");
    }

    /** Releases resources; the stored data stays. */
    @Override
    void close();

    /** Releases resources and deletes the stored data. */
    void drop();
}
