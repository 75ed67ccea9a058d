package io.clirbench.openai;

import io.clirbench.core.io.RedactedUrl;
import java.net.URI;
import java.util.Optional;

/**
 * Which OpenAI-compatible server is called, and with which model.
 *
 * @param name    how errors name it: {@code reader 'qwen'} (the gateway: never the URL, which token holders must not
 *                learn) or the endpoint's URL (the CLI, whose user configured it)
 * @param baseUrl the API root that {@code /chat/completions} is appended to (e.g. {@code http://vllm:8000/v1})
 * @param model   the model name sent in each request
 * @param apiKey  bearer token, when the server wants one
 */
public record ChatEndpoint(String name, URI baseUrl, String model, Optional<String> apiKey) {

    public ChatEndpoint {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("chat endpoint: a name is required");
        }
        if (baseUrl == null || baseUrl.getHost() == null
                || !("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme()))) {
            throw new IllegalArgumentException("chat endpoint " + name + ": an absolute http(s) base URL is required, was " + RedactedUrl.of(baseUrl));
        }
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("chat endpoint " + name + ": a model name is required");
        }
        apiKey = apiKey == null ? Optional.empty() : apiKey.filter(k -> !k.isBlank());
    }

    /**
     * An endpoint named by its own URL (for a user who configured it), e.g. from {@code OPENAI_BASE_URL}; without the
     * URL's {@code user:password@}, which the name would otherwise print and log ({@link RedactedUrl}).
     */
    public static ChatEndpoint named(String baseUrl, String model, String apiKey) {
        URI uri;
        try {
            uri = URI.create(baseUrl.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("chat endpoint: not a URL: '" + RedactedUrl.of(baseUrl) + "'", e);
        }
        return new ChatEndpoint(RedactedUrl.of(chatCompletions(uri)), uri, model, Optional.ofNullable(apiKey));
    }

    /** The chat-completions URL under the base URL. */
    public URI chatCompletions() {
        return chatCompletions(baseUrl);
    }

    /** The same endpoint asked for another model. */
    public ChatEndpoint withModel(String other) {
        return new ChatEndpoint(name, baseUrl, other, apiKey);
    }

    private static URI chatCompletions(URI base) {
        return URI.create(base.toString().replaceAll("/+$", "") + "/chat/completions");
    }
}
