package io.clirbench.gateway.client;

import java.util.List;

/**
 * An embedder's own description of the model it serves (embed.v1 {@code Info}); {@code adapters} maps each
 * language with an adapter to its digest (empty: none), {@code adapterPivot} the language they map into;
 * {@code kind} {@code bi-encoder} (Embed) or {@code cross-encoder} (Score; empty from embedders older than Score);
 * {@code outputs} what Embed computes ({@code dense}, {@code sparse}, {@code multivector}; empty from older embedders:
 * dense only), {@code multivectorDimension} and {@code multivectorNormalized} describe the token vectors,
 * {@code sparseActivation} the sparse weights ({@code splade} or {@code relu-max}).
 */
public record EncoderInfo(String modelId, int dimension, int maxTokens, String pooling, boolean normalized,
                          List<String> languages, String device, String runtime, String description,
                          java.util.Map<String, String> adapters, String adapterPivot, String kind, List<String> outputs,
                          String sparseActivation, int multivectorDimension, boolean multivectorNormalized) {

    /** An Info without sparse or multi-vector outputs. */
    public EncoderInfo(String modelId, int dimension, int maxTokens, String pooling, boolean normalized,
                       List<String> languages, String device, String runtime, String description,
                       java.util.Map<String, String> adapters, String adapterPivot, String kind) {
        this(modelId, dimension, maxTokens, pooling, normalized, languages, device, runtime, description, adapters,
                adapterPivot, kind, List.of("dense"), "", 0, false);
    }

    /** Whether Embed computes {@code output} for this model. */
    public boolean has(EmbedOutput output) {
        return output == EmbedOutput.DENSE || outputs.contains(output.infoName());
    }

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
