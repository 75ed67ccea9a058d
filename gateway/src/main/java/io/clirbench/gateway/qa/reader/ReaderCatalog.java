package io.clirbench.gateway.qa.reader;

import io.clirbench.gateway.qa.QaConfig;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.runtime.Startup;
import java.net.URI;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The readers a QA run may name, from configuration only (the allow-list): {@code qa.readers.NAME.base-url} (with
 * {@code .model}, {@code .api-key}) and, for compatibility, {@code qa.reader.base-url} as the reader named
 * {@value #CONFIGURED}. A run names a reader; a URL in a request is never called (issue 28, finding 3). Every reader
 * shares the tuning of {@code qa.reader.*} (concurrency, attempts, timeout, tokens, backoff). A base URL that is not
 * an absolute http(s) URL stops the start ({@code @Startup}), naming its property.
 */
@Startup
@ApplicationScoped
public class ReaderCatalog {

    /** The name of the reader of {@code qa.reader.base-url} ({@code bench qa run --reader configured}). */
    public static final String CONFIGURED = "configured";

    private final Map<String, ReaderSettings> readers;

    ReaderCatalog(QaConfig config) {
        this.readers = readers(config);
    }

    /** The reader of this name, if the configuration has one. */
    public Optional<ReaderSettings> find(String name) {
        return Optional.ofNullable(name == null ? null : readers.get(name));
    }

    /** Every reader's name, sorted. */
    public Set<String> names() {
        return readers.keySet();
    }

    private static Map<String, ReaderSettings> readers(QaConfig config) {
        QaConfig.Reader shared = config.reader();
        Map<String, ReaderSettings> out = new TreeMap<>();
        shared.baseUrl().filter(u -> !u.isBlank()).ifPresent(url -> out.put(CONFIGURED,
                settings(CONFIGURED, url, "qa.reader.base-url", shared.model(), shared.apiKey(), shared)));
        config.readers().forEach((name, r) -> {
            if (out.containsKey(name)) {
                throw new IllegalStateException("qa.readers." + name + ".base-url: the reader '" + CONFIGURED
                        + "' is qa.reader.base-url already; give this reader another name");
            }
            out.put(name, settings(name, r.baseUrl(), "qa.readers." + name + ".base-url", r.model().orElse(shared.model()),
                    r.apiKey(), shared));
        });
        return Collections.unmodifiableMap(out);
    }

    private static ReaderSettings settings(String name, String url, String property, String model, Optional<String> apiKey,
                                           QaConfig.Reader shared) {
        return new ReaderSettings(name, baseUrl(url, property), model, apiKey, shared.maxConcurrency(), shared.attempts(),
                shared.timeout(), shared.maxTokens(), shared.backoff());
    }

    private static URI baseUrl(String url, String property) {
        try {
            URI uri = URI.create(url.strip());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // named below
        }
        throw new IllegalStateException(property + ": an absolute http(s) URL is required, e.g. http://vllm:8000/v1");
    }
}
