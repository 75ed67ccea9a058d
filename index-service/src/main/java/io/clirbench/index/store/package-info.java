/**
 * Collections and the {@link io.clirbench.index.store.VectorStore} port, framework-free:
 * {@link io.clirbench.index.store.CollectionRegistry} opens every collection under the data directory,
 * {@link io.clirbench.index.store.CollectionOperations} validates requests and calls the stores
 * ({@code exact}, {@code hnsw}, {@code qdrant} sub-packages) and the BM25 index.
 */
package io.clirbench.index.store;
