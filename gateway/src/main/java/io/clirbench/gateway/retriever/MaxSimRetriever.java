package io.clirbench.gateway.retriever;

import io.clirbench.core.search.MaxSimId;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedOutput;
import io.clirbench.gateway.client.EncoderInfo;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.config.GatewayConfig;
import jakarta.inject.Singleton;

/**
 * {@code MODEL/maxsim}: the model's token vectors (embed.v1 {@code OUTPUT_MULTIVECTOR}) in a multi-vector collection of
 * the index-service, documents ranked by MaxSim after its candidate stage (index.v1 {@code candidates} left at 0:
 * {@code max(10 * depth, 1000)} documents by the mean rows, then exact MaxSim).
 */
@Singleton
public class MaxSimRetriever extends EncoderOutputRetriever {

    MaxSimRetriever(EmbedClient embedClient, CachedEmbedder embedder, IndexClient index, Encoders encoders, GatewayConfig config) {
        super(embedClient, embedder, index, encoders, config, EmbedOutput.MULTIVECTOR);
    }

    @Override
    public String kind() {
        return MaxSimId.KIND;
    }

    @Override
    void create(IndexClient index, String collection, EncoderInfo info, String fingerprint) {
        index.createMultiVector(collection, info.multivectorDimension(), info.multivectorNormalized(), fingerprint);
    }
}
