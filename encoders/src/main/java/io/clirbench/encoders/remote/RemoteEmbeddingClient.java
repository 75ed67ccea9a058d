package io.clirbench.encoders.remote;

import io.clirbench.core.io.RedactedUrl;
import io.clirbench.encoders.RemoteEndpoint;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.logging.Logger;
import java.util.OptionalLong;
import java.util.concurrent.Semaphore;

/**
 * Calls a served embedding endpoint ({@link EmbeddingProtocol}) with {@link HttpClient}: at most
 * {@code maxConcurrency} requests in flight, each with the card's timeouts; a 429, a 5xx or an I/O error (refused
 * connection, timeout) is retried up to {@code maxRetries} times after {@code initialBackoff x 2^attempt} (at most
 * 30 s) or the answer's {@code Retry-After} seconds (at most 60 s), then fails naming the endpoint and the last answer.
 * Other statuses (400, 401, 413, 422, ...) and malformed answers fail at once: retrying would get the same answer.
 */
public final class RemoteEmbeddingClient {

    // java.util.logging: no logging framework in a library (Quarkus routes it to its own log in the embedder-service)
    private static final Logger LOG = Logger.getLogger(RemoteEmbeddingClient.class.getName());
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);
    private static final int SNIPPET = 200;

    /** Pauses between attempts; tests may replace it (package-private). */
    interface Sleeper {
        void sleep(Duration pause) throws InterruptedException;
    }

    private final RemoteEndpoint endpoint;
    private final EmbeddingProtocol protocol;
    private final BearerToken token;
    private final HttpClient http;
    private final Semaphore inFlight;
    private final URI uri;
    private final Sleeper sleeper;

    public RemoteEmbeddingClient(RemoteEndpoint endpoint, EmbeddingProtocol protocol, BearerToken token) {
        this(endpoint, protocol, token, pause -> Thread.sleep(pause.toMillis()));
    }

    RemoteEmbeddingClient(RemoteEndpoint endpoint, EmbeddingProtocol protocol, BearerToken token, Sleeper sleeper) {
        this.endpoint = endpoint;
        this.protocol = protocol;
        this.token = token;
        this.sleeper = sleeper;
        this.uri = URI.create(endpoint.url() + protocol.path());
        this.inFlight = new Semaphore(endpoint.maxConcurrency());
        this.http = HttpClient.newBuilder().connectTimeout(endpoint.connectTimeout()).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The endpoint as messages name it: the request URL without user information. */
    public String name() {
        return RedactedUrl.of(uri);
    }

    /** The vectors of {@code texts}, in order, with the model the endpoint reported (when its protocol says). */
    public EmbeddingProtocol.Answer embed(List<String> texts) {
        HttpRequest request = request(texts);
        String last = "no attempt";
        int attempts = endpoint.maxRetries() + 1;
        for (int attempt = 0; attempt < attempts; attempt++) {
            OptionalLong retryAfter = OptionalLong.empty();
            try {
                HttpResponse<byte[]> response = send(request);
                int status = response.statusCode();
                if (status == 200) {
                    return answer(response.body(), texts.size());
                }
                last = "HTTP " + status + " " + snippet(response.body());
                if (status != 429 && status < 500) {
                    throw new RemoteEndpointException("embedding endpoint " + name() + " refused the request: " + last);
                }
                retryAfter = response.headers().firstValueAsLong("Retry-After");
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + token.scrub(e.getMessage()));
            }
            if (attempt + 1 < attempts) {
                Duration pause = pause(attempt, retryAfter);
                LOG.warning(String.format(Locale.ROOT, "embedding endpoint %s: %s; retry %d of %d in %d ms", name(), last,
                        attempt + 1, endpoint.maxRetries(), pause.toMillis()));
                sleep(pause);
            }
        }
        throw new RemoteEndpointException("embedding endpoint " + name() + " failed after " + attempts + " attempts"
                + " (timeouts: connect " + endpoint.connectTimeout().toSeconds() + " s, request "
                + endpoint.requestTimeout().toSeconds() + " s); last: " + last);
    }

    private HttpRequest request(List<String> texts) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(endpoint.requestTimeout())
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(protocol.request(texts)));
        if (token.present()) {
            b.header("Authorization", token.header());
        }
        return b.build();
    }

    /** One request while holding one of the {@code maxConcurrency} permits. */
    private HttpResponse<byte[]> send(HttpRequest request) throws IOException {
        try {
            inFlight.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteEndpointException("interrupted while waiting to call embedding endpoint " + name());
        }
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteEndpointException("interrupted while calling embedding endpoint " + name());
        } finally {
            inFlight.release();
        }
    }

    private EmbeddingProtocol.Answer answer(byte[] body, int texts) {
        try {
            return protocol.answer(body, texts);
        } catch (IllegalArgumentException e) {
            throw new RemoteEndpointException("embedding endpoint " + name() + " answered HTTP 200 but not as protocol "
                    + endpoint.protocol().cardName() + " says: " + token.scrub(e.getMessage()));
        }
    }

    /** The pause before retry {@code attempt + 1}: the server's {@code Retry-After} seconds, else exponential. */
    Duration pause(int attempt, OptionalLong retryAfterSeconds) {
        if (retryAfterSeconds.isPresent() && retryAfterSeconds.getAsLong() >= 0) {
            Duration asked = Duration.ofSeconds(retryAfterSeconds.getAsLong());
            return asked.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : asked;
        }
        Duration pause = endpoint.initialBackoff().multipliedBy(1L << Math.min(attempt, 20));
        return pause.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : pause;
    }

    private void sleep(Duration pause) {
        try {
            sleeper.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteEndpointException("interrupted while waiting to retry embedding endpoint " + name());
        }
    }

    /** The start of an error answer, one line, without the token (a server might echo the request's headers). */
    private String snippet(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        text = token.scrub(text);
        return text.length() <= SNIPPET ? text : text.substring(0, SNIPPET) + "...";
    }
}
