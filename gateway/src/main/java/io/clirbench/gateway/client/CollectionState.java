package io.clirbench.gateway.client;

/**
 * What the index-service reports of an existing collection.
 *
 * @param count       stored vectors
 * @param textCount   texts in the BM25 index
 * @param dimension   vector dimension (0 for BM25)
 * @param fingerprint what filled it, as given at create ({@code retriever.CollectionFingerprint}); empty when none
 */
public record CollectionState(long count, long textCount, int dimension, String fingerprint) {
}
