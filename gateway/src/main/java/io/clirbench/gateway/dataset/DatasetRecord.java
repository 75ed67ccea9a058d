package io.clirbench.gateway.dataset;

/**
 * A registered dataset: where it lives, its size, and the content hash of its files when registered
 * ({@code sha256:<hex>}, bench-core {@code DatasetHash}; null for a row registered before it was recorded).
 */
public record DatasetRecord(String id, String version, String name, String location, int documents, int queries,
                            long registeredAt, String contentHash) {
}
