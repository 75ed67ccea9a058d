package io.clirbench.gateway.store;

/** A registered dataset: where it lives and its size. */
public record DatasetRecord(String id, String version, String name, String location, int documents, int queries,
                            long registeredAt) {
}
