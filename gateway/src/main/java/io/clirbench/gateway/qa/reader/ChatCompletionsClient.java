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

/**
 * An OpenAI-compatible chat-completions client ({@code POST BASE/chat/completions}, temperature 0): at most
 * {@link ReaderSettings#maxConcurrency()} requests in flight; 429, 5xx, connection failures and timeouts are
 * retried up to {@link ReaderSettings#attempts()} times with exponential backoff (a {@code Retry-After} header in
 * seconds is honoured when longer); other 4xx fail at once. Thread-safe.
 */
public final class ChatCompletionsClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MAX_BACKOFF_MILLIS = 8000;

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
        Throwable cause = null;
        for (int attempt = 1; attempt <= settings.attempts(); attempt++) {
            long retryAfterMillis = 0;
            inFlight.acquire();
            try {
                HttpResponse<String> r = http.send(request(body), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                if (r.statusCode() == 200) {
                    return parse(r.body(), attempt, (System.nanoTime() - start) / 1000);
                }
                last = "HTTP " + r.statusCode() + " " + abbreviate(r.body());
                if (r.statusCode() != 429 && r.statusCode() < 500) {
                    throw new ReaderException("reader " + settings.endpoint() + " refused the request: " + last, null);
                }
                retryAfterMillis = r.headers().firstValue("Retry-After").map(ChatCompletionsClient::seconds).orElse(0L);
            } catch (HttpTimeoutException e) {
                last = "no response within " + settings.timeout().toMillis() + " ms";
                cause = e;
            } catch (IOException e) {
                last = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
                cause = e;
            } finally {
                inFlight.release();
            }
            if (attempt < settings.attempts()) {
                long backoff = Math.min(MAX_BACKOFF_MILLIS, settings.backoff().toMillis() << (attempt - 1));
                Thread.sleep(Math.max(backoff, Math.min(retryAfterMillis, MAX_BACKOFF_MILLIS)));
            }
        }
        throw new ReaderException("reader " + settings.endpoint() + " failed after " + settings.attempts() + " attempts: " + last, cause);
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
            throw new ReaderException("reader " + settings.endpoint() + " answered 200 with a body that is not JSON: " + abbreviate(body), e);
        }
        JsonNode content = root.path("choices").path(0).path("message").path("content");
        if (!content.isTextual()) {
            throw new ReaderException("reader " + settings.endpoint() + " answered without choices[0].message.content: " + abbreviate(body), null);
        }
        JsonNode usage = root.path("usage");
        return new ReaderAnswer(content.asText().strip(), usage.path("prompt_tokens").asInt(0), usage.path("completion_tokens").asInt(0),
                attempts, micros);
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
    public static ReaderSettings defaults(java.net.URI baseUrl, String model, String apiKey) {
        return new ReaderSettings(baseUrl, model, java.util.Optional.ofNullable(apiKey), 4, 4, Duration.ofSeconds(60), 64,
                Duration.ofMillis(500));
    }
}
