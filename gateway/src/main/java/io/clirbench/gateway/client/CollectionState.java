package io.clirbench.gateway.client;

/**
 * What the index-service reports of an existing collection.
 *
 * @param count       stored vectors
 * @param textCount   texts in the BM25 index
 * @param dimension   vector dimension (0 for BM25)
 * @param fingerprint what filled it, as given at create ({@code retriever.CollectionFingerprint}); empty when none
 * @param diskBytes   its files on the index-service's disk; 0 = unknown
 * @param memoryBytes what the index-service holds resident to search it (estimate); 0 = unknown
 */
public record CollectionState(long count, long textCount, int dimension, String fingerprint, long diskBytes,
                              long memoryBytes) {

    /** A state without sizes (0 = unknown). */
    public CollectionState(long count, long textCount, int dimension, String fingerprint) {
        this(count, textCount, dimension, fingerprint, 0, 0);
    }
}
