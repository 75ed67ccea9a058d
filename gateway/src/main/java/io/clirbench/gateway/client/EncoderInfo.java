package io.clirbench.gateway.client;

import java.util.List;

/**
 * An embedder's own description of the model it serves (embed.v1 {@code Info}); {@code adapters} maps each
 * language with an adapter to its digest (empty: none), {@code adapterPivot} the language they map into;
 * {@code kind} {@code bi-encoder} (Embed) or {@code cross-encoder} (Score; empty from embedders older than Score).
 */
public record EncoderInfo(String modelId, int dimension, int maxTokens, String pooling, boolean normalized,
                          List<String> languages, String device, String runtime, String description,
                          java.util.Map<String, String> adapters, String adapterPivot, String kind) {

    public static final String CROSS_ENCODER = "cross-encoder";

    /** Whether the model scores (query, document) pairs (embed.v1 {@code Score}) instead of embedding texts. */
    public boolean crossEncoder() {
        return CROSS_ENCODER.equals(kind);
    }

    /** One name for this set of adapters (digests in language order), for cache keys and collection names. */
    public String adapterDigest() {
        return io.clirbench.gateway.retriever.EmbeddingCache.sha256(new java.util.TreeMap<>(adapters).toString()).substring(0, 12);
    }
}
