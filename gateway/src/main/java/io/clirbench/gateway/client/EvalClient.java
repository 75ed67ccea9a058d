package io.clirbench.gateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The eval-service's REST API at {@code gateway.eval.url}, called with the service token (the only one it takes).
 * The URL may be a comma-separated list of replicas (they share one database, so any answers for every run): a
 * call goes to the replica that answered last and, when it cannot be reached, to the next ones in turn.
 */
@ApplicationScoped
public class EvalClient {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<String> bases;
    private final ObjectMapper json;
    private volatile int current;

    private final Optional<String> serviceToken;

    EvalClient(GatewayConfig config, ObjectMapper json,
               @ConfigProperty(name = "clirbench.auth.service-token") Optional<String> serviceToken) {
        this.bases = Arrays.stream(config.eval().url().split(",")).map(String::strip).filter(u -> !u.isEmpty())
                .map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u).toList();
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("gateway.eval.url is empty: give the eval-service URL (or several, comma-separated)");
        }
        this.json = json;
        this.serviceToken = serviceToken.filter(t -> !t.isBlank());
    }

    /** The eval-service's state of a run and its message. */
    public record EvalStatus(String state, String message) {
    }

    /** The run's state at the eval-service; empty while it does not know the run (404). */
    public Optional<EvalStatus> status(String runId) throws IOException, InterruptedException {
        return status("/api/runs/", runId);
    }

    /** The state of a run under a collection path ({@code /api/runs/}, {@code /api/qa-runs/}); empty on 404. */
    public Optional<EvalStatus> status(String collection, String runId) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = get(collection + encode(runId));
        if (r.statusCode() == 404) {
            return Optional.empty();
        }
        if (r.statusCode() != 200) {
            throw new IOException("eval-service answered " + r.statusCode() + " for run " + runId);
        }
        JsonNode node = json.readTree(r.body());
        return Optional.of(new EvalStatus(node.path("state").asText(""),
                node.hasNonNull("message") ? node.get("message").asText() : null));
    }

    /** GET of a path (with query) at the eval-service: the replica that answered last, else the next reachable one. */
    public HttpResponse<byte[]> get(String pathAndQuery) throws IOException, InterruptedException {
        return send(pathAndQuery, HttpRequest.Builder::GET, false);
    }

    /**
     * POST without a body to a path at the eval-service. It goes to the next replica only when the connection could not be
     * made: a request that may have reached one replica is not sent to another (it changes state).
     */
    public HttpResponse<byte[]> post(String path) throws IOException, InterruptedException {
        return send(path, b -> b.POST(HttpRequest.BodyPublishers.noBody()), true);
    }

    private HttpResponse<byte[]> send(String pathAndQuery, java.util.function.UnaryOperator<HttpRequest.Builder> method,
                                      boolean onlyWhenUnconnected) throws IOException, InterruptedException {
        IOException failure = null;
        for (String base : inTurn()) {
            HttpRequest.Builder request = method.apply(HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                    .timeout(Duration.ofSeconds(30)));
            // without a service token the eval-service refuses with 401, which the callers report
            serviceToken.ifPresent(token -> request.header("Authorization", "Bearer " + token));
            try {
                HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
                current = bases.indexOf(base);
                return response;
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
                if (onlyWhenUnconnected && !(e instanceof java.net.ConnectException
                        || e instanceof java.net.http.HttpConnectTimeoutException)) {
                    break;
                }
            }
        }
        throw failure;
    }

    /**
     * A file of a run at the eval-service ({@code COLLECTION/ID/files/NAME}, e.g. {@code /api/runs/}) as text; empty
     * while it has none or cannot be reached, so that a page shows the run's progress instead.
     */
    public Optional<String> fileText(String collection, String runId, String name) {
        try {
            HttpResponse<byte[]> r = get(collection + encode(runId) + "/files/" + name);
            return r.statusCode() == 200 ? Optional.of(new String(r.body(), StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The JSON of {@code COLLECTION/ID} at the eval-service; empty on 404, when unreachable, or on any other answer. */
    public Optional<JsonNode> view(String collection, String runId) {
        try {
            HttpResponse<byte[]> r = get(collection + encode(runId));
            return r.statusCode() == 200 ? Optional.of(json.readTree(r.body())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The replica that answered last (the first one before any call). */
    /** Every replica's base URL in the order to ask them: the one that answered last first, then the next ones. */
    public List<String> inTurn() {
        int first = current;
        List<String> order = new java.util.ArrayList<>(bases.size());
        for (int i = 0; i < bases.size(); i++) {
            order.add(bases.get((first + i) % bases.size()));
        }
        return order;
    }

    public String base() {
        return bases.get(current);
    }

    public static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
