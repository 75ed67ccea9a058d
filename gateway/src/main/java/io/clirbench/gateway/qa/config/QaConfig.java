package io.clirbench.gateway.qa.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** QA settings of the gateway (prefix {@code qa}; README "QA runs"): the optional reader endpoint. */
@ConfigMapping(prefix = "qa")
public interface QaConfig {

    Reader reader();

    /** The OpenAI-compatible reader; the key comes from the environment (a Kubernetes Secret), never a committed file. */
    interface Reader {
        /** API root, e.g. {@code http://vllm:8000/v1}; a run may name another. */
        Optional<String> baseUrl();

        @WithDefault("default")
        String model();

        Optional<String> apiKey();

        @WithDefault("4")
        int maxConcurrency();

        @WithDefault("4")
        int attempts();

        @WithDefault("60s")
        Duration timeout();

        @WithDefault("64")
        int maxTokens();

        @WithDefault("500ms")
        Duration backoff();
    }
}
