package io.clirbench.core.agentic.configure;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.format.AgentJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link TranslationProvider} over an OpenAI-compatible chat-completions endpoint ({@code POST
 * BASE/chat/completions}: vLLM, TGI, Ollama, OpenAI), temperature 0. The prompt asks to keep ids, URLs, numbers,
 * formulas and bracketed tokens unchanged and to answer with the translation only.
 */
public final class OpenAiTranslationProvider implements TranslationProvider {

    /** The system prompt. */
    static final String SYSTEM = "You are a translation engine. Translate the user's text from %s into %s. Keep every "
            + "identifier, URL, e-mail address, number, date, formula, code span and bracketed token (such as [12] or "
            + "[de/p042]) exactly as written. Keep the paragraph structure. Answer with the translation only.";

    private final HttpClient client;
    private final URI endpoint;
    private final String apiKey;
    private final String model;
    private final Duration timeout;

    /** @param baseUrl the API base, e.g. {@code http://localhost:8000/v1} */
    public OpenAiTranslationProvider(String baseUrl, String apiKey, String model, Duration timeout) {
        this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/chat/completions");
        this.apiKey = apiKey;
        this.model = model;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** From {@code OPENAI_BASE_URL} (required), {@code OPENAI_API_KEY} (optional), {@code OPENAI_MODEL} (default gpt-4o-mini). */
    public static OpenAiTranslationProvider fromEnvironment(Map<String, String> env) {
        String base = env.get("OPENAI_BASE_URL");
        if (base == null || base.isBlank()) {
            throw new IllegalArgumentException("OPENAI_BASE_URL is not set (the OpenAI-compatible API base, e.g. http://localhost:8000/v1)");
        }
        return new OpenAiTranslationProvider(base, env.get("OPENAI_API_KEY"), env.getOrDefault("OPENAI_MODEL", "gpt-4o-mini"),
                Duration.ofSeconds(120));
    }

    @Override
    public String name() {
        return "openai/" + model;
    }

    @Override
    public String translate(String text, String sourceLang, String targetLang) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", model);
        body.put("temperature", 0);
        body.put("messages", List.of(
                Map.of("role", "system", "content", String.format(java.util.Locale.ROOT, SYSTEM, sourceLang, targetLang)),
                Map.of("role", "user", "content", text)));
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(AgentJson.line(body)));
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("translation request to " + endpoint + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while translating", e);
        }
        if (response.statusCode() != 200) {
            String shown = response.body().length() > 300 ? response.body().substring(0, 300) + "..." : response.body();
            throw new IllegalStateException("translation request to " + endpoint + " answered HTTP " + response.statusCode() + ": " + shown);
        }
        return content(response.body());
    }

    private String content(String json) {
        JsonNode root;
        try {
            root = AgentJson.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException(endpoint + " answered with invalid JSON: " + e.getMessage(), e);
        }
        JsonNode content = root.path("choices").path(0).path("message").path("content");
        if (!content.isTextual() || content.asText().isBlank()) {
            throw new IllegalStateException(endpoint + " answered without choices[0].message.content");
        }
        return content.asText().strip();
    }
}
