package io.clirbench.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.io.StrictText;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Semaphore;

/**
 * The OpenAI-compatible chat-completions client ({@code POST BASE/chat/completions}; vLLM, TGI, Ollama, OpenAI)
 * of the QA reader, the LLM agent and the translation provider, with the one {@link ChatPolicy}: bounded requests
 * in flight, retries of 429, 5xx, connection failures and timeouts with capped exponential backoff (Retry-After
 * honoured), other statuses at once. A reply body is read up to {@link ChatPolicy#maxReplyBytes()} and no further
 * ({@link CappedBody}). Thread-safe.
 *
 * <p>Errors are {@link ChatCompletionsException}s naming the endpoint by {@link ChatEndpoint#name()} and the last
 * status or failure, never a Java class name; they quote the server's body only as far as
 * {@link ChatPolicy#bodyExcerptChars()} allows. The URL, a short excerpt of the body and the cause go to the log.
 */
public final class ChatCompletionsClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final System.Logger LOG = System.getLogger(ChatCompletionsClient.class.getName());
    /** What the log quotes of a body. */
    private static final int LOG_EXCERPT = 200;

    private final ChatEndpoint endpoint;
    private final ChatPolicy policy;
    private final HttpClient http;
    private final Semaphore inFlight;

    public ChatCompletionsClient(ChatEndpoint endpoint, ChatPolicy policy) {
        this.endpoint = endpoint;
        this.policy = policy;
        this.http = HttpClient.newBuilder().connectTimeout(policy.connectTimeout()).version(HttpClient.Version.HTTP_1_1).build();
        this.inFlight = new Semaphore(policy.maxConcurrency());
    }

    public ChatEndpoint endpoint() {
        return endpoint;
    }

    public ChatPolicy policy() {
        return policy;
    }

    /** Asks for one completion; throws {@link ChatCompletionsException} when refused or after the last try. */
    public ChatCompletion complete(ChatRequest request) throws InterruptedException {
        byte[] body = bytes(request);
        long start = System.nanoTime();
        Failure last = null;
        for (int attempt = 1; attempt <= policy.attempts(); attempt++) {
            long retryAfterMillis = 0;
            inFlight.acquire();
            try {
                HttpResponse<byte[]> r = http.send(httpRequest(body), CappedBody.handler(policy.maxReplyBytes()));
                int status = r.statusCode();
                if (status == 200) {
                    return new ChatCompletion(endpoint.name(), parse(r.body()), attempt, (System.nanoTime() - start) / 1000);
                }
                String text = new String(r.body(), StandardCharsets.UTF_8); // only quoted in an error: lenient
                last = new Failure("HTTP " + status, status, text, null);
                int tried = attempt;
                LOG.log(Level.DEBUG, () -> String.format(Locale.ROOT, "%s answered HTTP %d on attempt %d: %s", logName(), status, tried,
                        excerpt(text, LOG_EXCERPT)));
                if (!retried(status)) {
                    log("refused the request", last);
                    throw new ChatCompletionsException(endpoint.name() + " refused the request: " + last.describe(policy), status, null);
                }
                retryAfterMillis = r.headers().firstValue("Retry-After").map(ChatCompletionsClient::retryAfterMillis).orElse(0L);
            } catch (HttpTimeoutException e) {
                last = new Failure("no response within " + policy.timeout().toMillis() + " ms", 0, null, e);
            } catch (IOException e) {
                CappedBody.TooLarge tooLarge = tooLarge(e);
                if (tooLarge != null) { // not retried: the server would answer the same
                    Failure f = new Failure(tooLarge.getMessage(), 0, null, null);
                    log("answered", f);
                    throw new ChatCompletionsException(endpoint.name() + " answered " + f.what(), 0, null);
                }
                last = new Failure(e instanceof ConnectException ? "no connection" : "the connection failed", 0, null, e);
            } finally {
                inFlight.release();
            }
            if (attempt < policy.attempts()) {
                Thread.sleep(policy.backoffMillis(attempt, retryAfterMillis));
            }
        }
        log("failed after " + policy.attempts() + " attempts", last);
        throw new ChatCompletionsException(endpoint.name() + " failed after " + policy.attempts() + " attempts: "
                + last.describe(policy), last.status(), last.cause());
    }

    // the reply limit's exception, however the HTTP client wrapped it
    private static CappedBody.TooLarge tooLarge(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CappedBody.TooLarge found) {
                return found;
            }
        }
        return null;
    }

    /** 429 and every 5xx are worth another try; any other status says the request itself is wrong. */
    static boolean retried(int status) {
        return status == 429 || status >= 500;
    }

    /**
     * The body of a 200 as a JSON object of strict text (issue 45): bytes that are not UTF-8 (an overlong {@code C0 AF}
     * that a lenient decoder reads as '/', a Latin-1 byte it reads as U+FFFD) or a string holding half a surrogate pair
     * ({@code "\ud800"}, which a writer turns into '?') is refused as a broken reply, never read as an answer.
     * Package-private for the fuzz target of reply parsing.
     */
    JsonNode parse(byte[] bytes) {
        String body;
        try {
            body = StrictText.decode(bytes);
        } catch (StrictText.InvalidUtf8Exception e) {
            throw broken("a body that is not UTF-8 (" + e.problem() + ")", null);
        }
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            root = null;
        }
        if (root == null || !root.isObject()) {
            throw broken("a body that is not a JSON object", body);
        }
        String lone = StrictText.loneSurrogate(root);
        if (lone != null) {
            throw broken("a body that is not text: " + lone, null);
        }
        return root;
    }

    private ChatCompletionsException broken(String what, String body) {
        Failure f = new Failure(what, 200, body, null);
        log("answered 200", f);
        return new ChatCompletionsException(endpoint.name() + " answered 200 with " + f.describe(policy), 200, null);
    }

    private HttpRequest httpRequest(byte[] body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint.chatCompletions()).timeout(policy.timeout())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
        endpoint.apiKey().ifPresent(k -> b.header("Authorization", "Bearer " + k));
        return b.build();
    }

    private byte[] bytes(ChatRequest request) {
        try {
            return JSON.writeValueAsBytes(request.toJson(endpoint.model()));
        } catch (IOException e) {
            throw new IllegalStateException("chat request for " + endpoint.name() + " could not be written as JSON", e);
        }
    }

    private void log(String what, Failure f) {
        LOG.log(Level.WARNING, String.format(Locale.ROOT, "%s %s: %s; %s", logName(), what, f.what(),
                f.body() == null ? String.valueOf(f.cause()) : excerpt(f.body(), LOG_EXCERPT)));
    }

    /** The endpoint's name and, where the name is not already its URL, the URL. */
    private String logName() {
        String url = io.clirbench.core.io.RedactedUrl.of(endpoint.chatCompletions());
        return endpoint.name().equals(url) ? url : endpoint.name() + " (" + url + ")";
    }

    private static long retryAfterMillis(String header) {
        try {
            return (long) (Double.parseDouble(header.strip()) * 1000);
        } catch (NumberFormatException e) {
            return 0; // an HTTP date: the exponential backoff applies
        }
    }

    /** Whitespace collapsed, then cut to {@code max} characters with the full length said. */
    static String excerpt(String s, int max) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
        return t.length() > max ? String.format(Locale.ROOT, "%s... (%d chars)", t.substring(0, max), t.length()) : t;
    }

    /** What went wrong on the last try: for the message, the body only as far as the policy allows. */
    private record Failure(String what, int status, String body, Throwable cause) {

        String describe(ChatPolicy policy) {
            if (body == null || body.isBlank() || policy.bodyExcerptChars() == 0) {
                return what;
            }
            return what + " (the server answered: " + excerpt(body, policy.bodyExcerptChars()) + ")";
        }
    }
}
