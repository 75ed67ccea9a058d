package io.clirbench.index.config;

import io.clirbench.index.search.ExactSearcher;
import io.clirbench.index.store.CollectionOperations;
import io.clirbench.index.store.CollectionRegistry;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.quarkus.logging.Log;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.util.function.Supplier;

/** Builds the framework-free registry and operations from {@link IndexConfig}. */
public class IndexProducers {

    @Produces
    @Singleton
    CollectionRegistry registry(IndexConfig config) {
        ExactSearcher searcher = new ExactSearcher();
        int threads = config.searchThreads() > 0 ? config.searchThreads() : Runtime.getRuntime().availableProcessors();
        Supplier<QdrantClient> qdrant = config.qdrant().host().map(h -> lazyClient(config.qdrant())).orElse(null);
        Log.infof("index-service: data dir %s, exact kernel %s, %d search threads, Qdrant %s",
                config.dataDir().toAbsolutePath(), searcher.kernel().name(), threads,
                config.qdrant().host().map(h -> h + ":" + config.qdrant().port()).orElse("not configured"));
        return new CollectionRegistry(config.dataDir(), searcher, threads, qdrant, config.qdrant().timeout());
    }

    void close(@Disposes CollectionRegistry registry) {
        registry.close();
    }

    @Produces
    @Singleton
    CollectionOperations operations(CollectionRegistry registry, IndexConfig config) {
        return new CollectionOperations(registry, config.maxTopN());
    }

    private static Supplier<QdrantClient> lazyClient(IndexConfig.Qdrant q) {
        return new Supplier<>() {
            private QdrantClient client;

            @Override
            public synchronized QdrantClient get() {
                if (client == null) {
                    QdrantGrpcClient.Builder b = QdrantGrpcClient.newBuilder(q.host().orElseThrow(), q.port(), q.tls());
                    q.apiKey().ifPresent(b::withApiKey);
                    client = new QdrantClient(b.build());
                }
                return client;
            }
        };
    }
}
