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

/** Builds the framework-free registry and operations from {@link IndexConfig}; one instance, so the disposer sees the client. */
@Singleton
public class IndexProducers {

    private LazyQdrantClient qdrantClient;
    private ExactSearcher searcher;

    @Produces
    @Singleton
    CollectionRegistry registry(IndexConfig config) {
        searcher = new ExactSearcher(); // its worker pool is created on first use, closed with the registry
        int threads = config.searchThreads() > 0 ? config.searchThreads() : Runtime.getRuntime().availableProcessors();
        qdrantClient = config.qdrant().host().map(h -> new LazyQdrantClient(config.qdrant())).orElse(null);
        Supplier<QdrantClient> qdrant = qdrantClient;
        Log.infof("index-service: data dir %s, exact kernel %s, %d search threads, Qdrant %s",
                config.dataDir().toAbsolutePath(), searcher.kernel().name(), threads,
                config.qdrant().host().map(h -> h + ":" + config.qdrant().port()).orElse("not configured"));
        return new CollectionRegistry(config.dataDir(), searcher, threads, qdrant, config.qdrant().timeout());
    }

    void close(@Disposes CollectionRegistry registry) {
        registry.close();
        if (searcher != null) {
            searcher.close();
        }
        if (qdrantClient != null) {
            qdrantClient.close();
        }
    }

    @Produces
    @Singleton
    CollectionOperations operations(CollectionRegistry registry, IndexConfig config) {
        int threads = config.searchThreads() > 0 ? config.searchThreads() : Runtime.getRuntime().availableProcessors();
        return new CollectionOperations(registry, config.maxTopN(), threads);
    }

    void close(@Disposes CollectionOperations operations) {
        operations.close();
    }

    /** The shared Qdrant client, connected on first use (a service without QDRANT collections never connects). */
    private static final class LazyQdrantClient implements Supplier<QdrantClient> {

        private final IndexConfig.Qdrant config;
        private QdrantClient client;

        LazyQdrantClient(IndexConfig.Qdrant config) {
            this.config = config;
        }

        @Override
        public synchronized QdrantClient get() {
            if (client == null) {
                QdrantGrpcClient.Builder b = QdrantGrpcClient.newBuilder(config.host().orElseThrow(), config.port(), config.tls());
                config.apiKey().ifPresent(b::withApiKey);
                client = new QdrantClient(b.build());
            }
            return client;
        }

        synchronized void close() {
            if (client != null) {
                client.close();
                client = null;
            }
        }
    }
}
