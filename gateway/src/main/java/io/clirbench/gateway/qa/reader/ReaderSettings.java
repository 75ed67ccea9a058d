package io.clirbench.gateway.qa.reader;

import io.clirbench.openai.ChatEndpoint;
import io.clirbench.openai.ChatPolicy;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Where and how the reader is called.
 *
 * @param name           the reader's name in the gateway's configuration (what a run names and its messages say)
 * @param baseUrl        the API root that {@code /chat/completions} is appended to (e.g. {@code http://vllm:8000/v1})
 * @param model          the model name sent in each request
 * @param apiKey         bearer token, when the endpoint wants one (from a Secret, never a committed file)
 * @param maxConcurrency requests in flight at most
 * @param attempts       tries per request (429, 5xx and timeouts are retried)
 * @param timeout        per request
 * @param maxTokens      completion tokens at most
 * @param backoff        first retry delay; doubled each try, capped at 8 s; a Retry-After header wins when larger
 *                       (the one {@link ChatPolicy} of the openai-client module)
 */
public record ReaderSettings(String name, URI baseUrl, String model, Optional<String> apiKey, int maxConcurrency, int attempts,
                             Duration timeout, int maxTokens, Duration backoff) {

    public ReaderSettings {
        if (maxConcurrency < 1 || attempts < 1 || maxTokens < 1) {
            throw new IllegalArgumentException("reader settings: max-concurrency, attempts and max-tokens must be at least 1");
        }
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("reader settings: a model name is required");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("reader settings: a name is required");
        }
    }

    /** The same reader asked for another model (a run's {@code readerModel}). */
    public ReaderSettings withModel(String other) {
        return new ReaderSettings(name, baseUrl, other, apiKey, maxConcurrency, attempts, timeout, maxTokens, backoff);
    }

    /** The endpoint, named {@code reader 'NAME'} in errors: never its URL, which a run's readers must not learn. */
    public ChatEndpoint endpoint() {
        return new ChatEndpoint("reader '" + name + "'", baseUrl, model, apiKey);
    }

    /** The chat policy: these tuning values, and errors that quote nothing of what the reader answered (issue 28, finding 3). */
    public ChatPolicy policy() {
        return new ChatPolicy(maxConcurrency, attempts, timeout, backoff, 0);
    }

    /** Settings for tests: 4 in flight, 4 attempts, 60 s timeout, 64 tokens, 500 ms backoff. */
    public static ReaderSettings defaults(String name, URI baseUrl, String model, String apiKey) {
        ChatPolicy d = ChatPolicy.DEFAULTS;
        return new ReaderSettings(name, baseUrl, model, Optional.ofNullable(apiKey), d.maxConcurrency(), d.attempts(), d.timeout(), 64,
                d.firstBackoff());
    }
}
