package io.clirbench.gateway.qa.reader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import org.jboss.logging.Logger;

/**
 * An OpenAI-compatible chat-completions client ({@code POST BASE/chat/completions}, temperature 0): at most
 * {@link ReaderSettings#maxConcurrency()} requests in flight; 429, 5xx, connection failures and timeouts are
 * retried up to {@link ReaderSettings#attempts()} times with exponential backoff (a {@code Retry-After} header in
 * seconds is honoured when longer); other 4xx fail at once. Thread-safe.
 *
 * <p>A {@link ReaderException}'s message names the reader by its configured name and says the status (or that no
 * answer came); it never quotes what the endpoint answered nor its URL, since it becomes a run's message, which every
 * reader-token holder sees. The endpoint, the body (cut to 200 characters) and the cause go to the log.
 */
public final class ChatCompletionsClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MAX_BACKOFF_MILLIS = 8000;
    private static final Logger LOG = Logger.getLogger(ChatCompletionsClient.class);

    private final ReaderSettings settings;
    private final HttpClient http;
    private final Semaphore inFlight;

    public ChatCompletionsClient(ReaderSettings settings) {
        this.settings = settings;
        this.http = HttpClient.newBuilder().connectTimeout(settings.timeout()).version(HttpClient.Version.HTTP_1_1).build();
        this.inFlight = new Semaphore(settings.maxConcurrency());
    }

    public ReaderSettings settings() {
        return settings;
    }

    /** Asks for one completion; throws {@link ReaderException} after the last try. */
    public ReaderAnswer complete(List<ChatMessage> messages) throws InterruptedException {
        byte[] body = requestBody(messages);
        long start = System.nanoTime();
        String last = "no attempt";
        String detail = ""; // for the log only: what the endpoint answered, or the I/O failure
        Throwable cause = null;
        for (int attempt = 1; attempt <= settings.attempts(); attempt++) {
            long retryAfterMillis = 0;
            inFlight.acquire();
            try {
                HttpResponse<String> r = http.send(request(body), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                if (r.statusCode() == 200) {
                    return parse(r.body(), attempt, (System.nanoTime() - start) / 1000);
                }
                last = "HTTP " + r.statusCode();
                detail = abbreviate(r.body());
                LOG.debugf("reader '%s' (%s) answered %s on attempt %d: %s", settings.name(), settings.endpoint(), last, attempt, detail);
                if (r.statusCode() != 429 && r.statusCode() < 500) {
                    LOG.warnf("reader '%s' (%s) refused the request: %s %s", settings.name(), settings.endpoint(), last, detail);
                    throw new ReaderException(named() + " refused the request: " + last, null);
                }
                retryAfterMillis = r.headers().firstValue("Retry-After").map(ChatCompletionsClient::seconds).orElse(0L);
            } catch (HttpTimeoutException e) {
                last = "no response within " + settings.timeout().toMillis() + " ms";
                detail = "";
                cause = e;
            } catch (IOException e) {
                last = e instanceof java.net.ConnectException ? "no connection" : "the connection failed";
                detail = String.valueOf(e);
                cause = e;
            } finally {
                inFlight.release();
            }
            if (attempt < settings.attempts()) {
                long backoff = Math.min(MAX_BACKOFF_MILLIS, settings.backoff().toMillis() << (attempt - 1));
                Thread.sleep(Math.max(backoff, Math.min(retryAfterMillis, MAX_BACKOFF_MILLIS)));
            }
        }
        LOG.warnf("reader '%s' (%s) failed after %d attempts: %s %s", settings.name(), settings.endpoint(), settings.attempts(),
                last, detail);
        throw new ReaderException(named() + " failed after " + settings.attempts() + " attempts: " + last, cause);
    }

    private HttpRequest request(byte[] body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(settings.endpoint()).timeout(settings.timeout())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
        settings.apiKey().filter(k -> !k.isBlank()).ifPresent(k -> b.header("Authorization", "Bearer " + k));
        return b.build();
    }

    private byte[] requestBody(List<ChatMessage> messages) {
        ObjectNode o = JSON.createObjectNode();
        o.put("model", settings.model());
        ArrayNode m = o.putArray("messages");
        messages.forEach(x -> m.addObject().put("role", x.role()).put("content", x.content()));
        o.put("temperature", 0);
        o.put("max_tokens", settings.maxTokens());
        o.put("stream", false);
        try {
            return JSON.writeValueAsBytes(o);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private ReaderAnswer parse(String body, int attempts, long micros) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            LOG.warnf("reader '%s' (%s) answered 200 with a body that is not JSON: %s", settings.name(), settings.endpoint(),
                    abbreviate(body));
            throw new ReaderException(named() + " answered 200 with a body that is not JSON", e);
        }
        JsonNode content = root.path("choices").path(0).path("message").path("content");
        if (!content.isTextual()) {
            LOG.warnf("reader '%s' (%s) answered without choices[0].message.content: %s", settings.name(), settings.endpoint(),
                    abbreviate(body));
            throw new ReaderException(named() + " answered without choices[0].message.content", null);
        }
        JsonNode usage = root.path("usage");
        return new ReaderAnswer(content.asText().strip(), usage.path("prompt_tokens").asInt(0), usage.path("completion_tokens").asInt(0),
                attempts, micros);
    }

    private String named() {
        return "reader '" + settings.name() + "'";
    }

    private static long seconds(String header) {
        try {
            return (long) (Double.parseDouble(header.strip()) * 1000);
        } catch (NumberFormatException e) {
            return 0; // an HTTP date: the exponential backoff applies
        }
    }

    private static String abbreviate(String s) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
        return t.length() > 200 ? String.format(Locale.ROOT, "%s... (%d chars)", t.substring(0, 200), t.length()) : t;
    }

    /** Settings for tests and configuration: defaults of 4 in flight, 4 attempts, 60 s timeout, 64 tokens, 500 ms backoff. */
    public static ReaderSettings defaults(String name, java.net.URI baseUrl, String model, String apiKey) {
        return new ReaderSettings(name, baseUrl, model, java.util.Optional.ofNullable(apiKey), 4, 4, Duration.ofSeconds(60), 64,
                Duration.ofMillis(500));
    }
}
