package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayToken;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The gateway's agent-run REST endpoints: open, read (with the questions), answer, close. */
public final class AgentRunClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public AgentRunClient(String baseUrl, String token) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.token = token;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public String token() {
        return token;
    }

    /** Opens a run; {@code body} holds task, configuration, retriever and the optional fields. */
    public JsonNode open(ObjectNode body) {
        return send("POST", "/api/agent-runs", body);
    }

    /** The run with its questions. */
    public JsonNode run(String runId) {
        return send("GET", "/api/agent-runs/" + encode(runId) + "?questions=true", null);
    }

    public void answer(String runId, String queryId, String text, Double confidence) {
        ObjectNode body = JSON.createObjectNode().put("queryId", queryId).put("text", text);
        if (confidence != null) {
            body.put("confidence", confidence);
        }
        send("POST", "/api/agent-runs/" + encode(runId) + "/answers", body);
    }

    public JsonNode close(String runId) {
        return send("POST", "/api/agent-runs/" + encode(runId) + "/close", JSON.createObjectNode());
    }

    private JsonNode send(String method, String path, JsonNode body) {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofMinutes(10))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body.toString()));
        if (token != null && !token.isBlank()) {
            r.header("Authorization", "Bearer " + token);
        }
        try {
            HttpResponse<String> response = http.send(r.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (response.statusCode() == 401) {
                throw new IllegalStateException(method + " " + io.clirbench.core.io.RedactedUrl.of(baseUrl + path) + ": 401 " + GatewayToken.UNAUTHORIZED_HINT);
            }
            if (response.statusCode() >= 400) {
                throw new IllegalStateException(method + " " + io.clirbench.core.io.RedactedUrl.of(baseUrl + path) + ": " + response.statusCode() + " " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach the gateway at " + io.clirbench.core.io.RedactedUrl.of(baseUrl) + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
