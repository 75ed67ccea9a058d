package io.clirbench.index.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** The one typed configuration of the index-service (prefix {@code index}). */
@ConfigMapping(prefix = "index")
public interface IndexConfig {

    /** Where collections are stored, one directory each. */
    Path dataDir();

    /** Largest N a search may ask for (the depth metrics need 1,000). */
    @WithDefault("1000")
    int maxTopN();

    /** Worker threads of one exact batch search, and the threads that answer a text batch's queries; 0 = the available processors. */
    @WithDefault("0")
    int searchThreads();

    Qdrant qdrant();

    /** Connection to a Qdrant server for collections of kind QDRANT. */
    interface Qdrant {

        /** Host of the Qdrant gRPC endpoint; absent = kind QDRANT is refused with FAILED_PRECONDITION. */
        Optional<String> host();

        @WithDefault("6334")
        int port();

        @WithDefault("false")
        boolean tls();

        /** API key, from the environment (QDRANT_API_KEY) in Kubernetes, never committed. */
        Optional<String> apiKey();

        @WithDefault("30s")
        Duration timeout();
    }
}
