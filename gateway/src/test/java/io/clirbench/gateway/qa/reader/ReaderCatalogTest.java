package io.clirbench.gateway.qa.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.gateway.qa.QaConfig;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The allow-list of readers as the configuration gives it: {@code qa.reader.base-url} is {@code configured}, each
 * {@code qa.readers.NAME} is NAME with its own key and model (else {@code qa.reader.model}) and the shared tuning; a
 * base URL that is no absolute http(s) URL, or a second {@code configured}, stops the start naming the property.
 */
class ReaderCatalogTest {

    private record Shared(Optional<String> baseUrl, String model, Optional<String> apiKey) implements QaConfig.Reader {
        public int maxConcurrency() {
            return 3;
        }

        public int attempts() {
            return 2;
        }

        public Duration timeout() {
            return Duration.ofSeconds(7);
        }

        public int maxTokens() {
            return 16;
        }

        public Duration backoff() {
            return Duration.ofMillis(5);
        }
    }

    private record Named(String baseUrl, Optional<String> model, Optional<String> apiKey) implements QaConfig.NamedReader {
    }

    private static QaConfig config(Optional<String> configured, Map<String, QaConfig.NamedReader> named) {
        Shared shared = new Shared(configured, "default-model", Optional.of("configured-key"));
        return new QaConfig() {
            public Reader reader() {
                return shared;
            }

            public Map<String, NamedReader> readers() {
                return named;
            }
        };
    }

    @Test
    void theConfiguredReaderAndTheNamedOnesWithTheirOwnKeysAndTheSharedTuning() {
        ReaderCatalog catalog = new ReaderCatalog(config(Optional.of("http://vllm:8000/v1"), Map.of(
                "qwen", new Named("https://llm.example/v1", Optional.of("Qwen/Qwen2.5-7B-Instruct"), Optional.empty()),
                "plain", new Named("http://plain:9000/v1", Optional.empty(), Optional.of("plain-key")))));
        assertThat(catalog.names()).containsExactly("configured", "plain", "qwen");
        ReaderSettings configured = catalog.find("configured").orElseThrow();
        assertThat(configured.baseUrl()).isEqualTo(URI.create("http://vllm:8000/v1"));
        assertThat(configured.apiKey()).hasValue("configured-key");
        ReaderSettings qwen = catalog.find("qwen").orElseThrow();
        assertThat(qwen.name()).isEqualTo("qwen");
        assertThat(qwen.model()).isEqualTo("Qwen/Qwen2.5-7B-Instruct");
        assertThat(qwen.apiKey()).as("another reader's key is never sent to it").isEmpty();
        assertThat(qwen.attempts()).isEqualTo(2);
        assertThat(qwen.timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(catalog.find("plain").orElseThrow().model()).isEqualTo("default-model");
        assertThat(catalog.find("plain").orElseThrow().apiKey()).hasValue("plain-key");
        assertThat(catalog.find("http://vllm:8000/v1")).isEmpty();
        assertThat(catalog.find(null)).isEmpty();
    }

    @Test
    void noBaseUrlNoReader() {
        assertThat(new ReaderCatalog(config(Optional.empty(), Map.of())).names()).isEmpty();
    }

    @Test
    void aBaseUrlThatIsNoAbsoluteHttpUrlOrASecondConfiguredStopsTheStart() {
        assertThatThrownBy(() -> new ReaderCatalog(config(Optional.empty(), Map.of("x", new Named("file:///etc/passwd",
                Optional.empty(), Optional.empty()))))).hasMessageStartingWith("qa.readers.x.base-url: an absolute http(s) URL");
        assertThatThrownBy(() -> new ReaderCatalog(config(Optional.of("vllm:8000/v1"), Map.of())))
                .hasMessageStartingWith("qa.reader.base-url: an absolute http(s) URL");
        assertThatThrownBy(() -> new ReaderCatalog(config(Optional.of("http://a/v1"), Map.of("configured",
                new Named("http://b/v1", Optional.empty(), Optional.empty()))))).hasMessageContaining("qa.readers.configured.base-url");
    }
}
