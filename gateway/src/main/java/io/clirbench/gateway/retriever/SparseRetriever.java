package io.clirbench.gateway.retriever;

import io.clirbench.core.search.SparseId;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedOutput;
import io.clirbench.gateway.client.EncoderInfo;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.config.GatewayConfig;
import jakarta.inject.Singleton;

/**
 * {@code MODEL/sparse}: the model's sparse output (embed.v1 {@code OUTPUT_SPARSE}) in a sparse collection of the
 * index-service (an inverted index), documents ranked by the dot product of the weights; a document that shares no
 * token id with the query is not ranked.
 */
@Singleton
public class SparseRetriever extends EncoderOutputRetriever {

    SparseRetriever(EmbedClient embedClient, CachedEmbedder embedder, IndexClient index, Encoders encoders, GatewayConfig config) {
        super(embedClient, embedder, index, encoders, config, EmbedOutput.SPARSE);
    }

    @Override
    public String kind() {
        return SparseId.KIND;
    }

    @Override
    void create(IndexClient index, String collection, EncoderInfo info, String fingerprint) {
        index.createSparse(collection, fingerprint);
    }
}
