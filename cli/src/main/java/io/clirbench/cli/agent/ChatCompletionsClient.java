package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * An OpenAI-compatible {@code POST /chat/completions} client with function calling (java.net.http + Jackson; vLLM,
 * TGI, Ollama, OpenAI). Retries a 429, a 5xx or a broken connection with exponential back-off; any other error
 * status fails at once with the server's body.
 */
public final class ChatCompletionsClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final String apiKey;
    private final String model;
    private final int attempts;
    private final Duration firstBackoff;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public ChatCompletionsClient(String baseUrl, String apiKey, String model, int attempts, Duration firstBackoff) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1, was " + attempts);
        }
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.apiKey = apiKey;
        this.model = model;
        this.attempts = attempts;
        this.firstBackoff = firstBackoff;
    }

    public String model() {
        return model;
    }

    /** One completion: the response's JSON ({@code choices[0].message}, {@code usage}). */
    public JsonNode complete(ArrayNode messages, ArrayNode tools, int maxTokens) throws InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("model", model);
        body.set("messages", messages);
        if (tools != null && !tools.isEmpty()) {
            body.set("tools", tools);
            body.put("tool_choice", "auto");
        }
        if (maxTokens > 0) {
            body.put("max_tokens", maxTokens);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
                .timeout(Duration.ofMinutes(5)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        String last = "";
        Duration backoff = firstBackoff;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            try {
                HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                int status = response.statusCode();
                if (status == 200) {
                    JsonNode node = JSON.readTree(response.body());
                    if (!node.path("choices").path(0).path("message").isObject()) {
                        throw new IllegalStateException(baseUrl + "/chat/completions answered without choices[0].message: "
                                + abbreviate(response.body()));
                    }
                    return node;
                }
                last = status + " " + abbreviate(response.body());
                if (status != 429 && status < 500) {
                    throw new IllegalStateException(baseUrl + "/chat/completions: " + last);
                }
            } catch (IOException e) {
                last = e.toString();
            }
            if (attempt < attempts) {
                Thread.sleep(backoff.toMillis());
                backoff = backoff.multipliedBy(2);
            }
        }
        throw new IllegalStateException(baseUrl + "/chat/completions failed " + attempts + " times; last: " + last);
    }

    private static String abbreviate(String s) {
        return s.length() > 500 ? s.substring(0, 500) + "..." : s;
    }
}
