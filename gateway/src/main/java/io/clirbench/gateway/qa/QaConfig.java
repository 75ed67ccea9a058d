package io.clirbench.gateway.qa;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * QA settings of the gateway (prefix {@code qa}; README "QA runs"): the reader endpoints a QA run may name. A run
 * names a reader, never a URL: {@code qa.readers.NAME.*} are the allow-list, and {@code qa.reader.base-url} is the
 * reader named {@code configured}.
 */
@ConfigMapping(prefix = "qa")
public interface QaConfig {

    /** The reader named {@code configured} and the settings every reader shares (concurrency, retries, timeout). */
    Reader reader();

    /** The named readers ({@code qa.readers.NAME.base-url}, {@code .model}, {@code .api-key}). */
    Map<String, NamedReader> readers();

    /** The OpenAI-compatible reader; the key comes from the environment (a Kubernetes Secret), never a committed file. */
    interface Reader {
        /** API root, e.g. {@code http://vllm:8000/v1}: the reader named {@code configured}. */
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

    /** One reader of the allow-list; its key is its own (another reader's key is never sent to it). */
    interface NamedReader {
        /** API root, e.g. {@code http://vllm:8000/v1}. */
        String baseUrl();

        /** The model name sent (default {@code qa.reader.model}). */
        Optional<String> model();

        Optional<String> apiKey();
    }
}
