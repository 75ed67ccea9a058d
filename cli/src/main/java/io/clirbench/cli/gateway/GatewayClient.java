package io.clirbench.cli.gateway;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.api.EncoderView;
import io.clirbench.cli.gateway.api.RunView;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The gateway's REST API as the CLI uses it, every request with the bearer token ({@link GatewayToken}); a
 * problem+json answer becomes a GatewayException with its detail, a 401 one that says how to get a token.
 */
public final class GatewayClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(2);

    private final String baseUrl;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** {@code token} (nullable: then the gateway answers 401) is sent as {@code Authorization: Bearer}. */
    public GatewayClient(String baseUrl, String token) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.token = token == null || token.isBlank() ? null : token;
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** The base URL as messages show it: without a {@code user:password@} (issue 45). */
    public String shownUrl() {
        return io.clirbench.core.io.RedactedUrl.of(baseUrl);
    }

    /** Registers a dataset directory (a no-op when the same id and version are registered). */
    public JsonNode registerDataset(Path dir) {
        ObjectNode body = JSON.createObjectNode().put("path", dir.toAbsolutePath().normalize().toString());
        return json(post("/api/datasets", body));
    }

    /**
     * Uploads a dataset directory as a zip (for a gateway that cannot read this machine's files,
     * e.g. on Kubernetes): its regular files, at the zip's root.
     */
    public JsonNode uploadDataset(Path dir) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (var zip = new java.util.zip.ZipOutputStream(bytes); var files = java.nio.file.Files.list(dir)) {
            for (Path file : files.filter(java.nio.file.Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new java.util.zip.ZipEntry(file.getFileName().toString()));
                java.nio.file.Files.copy(file, zip);
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new GatewayException("cannot zip " + dir + ": " + e.getMessage(), e);
        }
        return json(send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/datasets/upload"))
                .header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes.toByteArray()))));
    }

    /** One vector per text, embedded by {@code model} through the gateway ({@code POST /api/encoders/{model}/embed}). */
    public float[][] embed(String model, List<String> texts, String role) {
        ObjectNode body = JSON.createObjectNode().put("role", role);
        texts.forEach(body.putArray("texts")::add);
        JsonNode vectors = json(post("/api/encoders/" + encode(model) + "/embed", body)).path("vectors");
        float[][] out = new float[vectors.size()][];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = vectors.get(i);
            out[i] = new float[v.size()];
            for (int j = 0; j < out[i].length; j++) {
                out[i][j] = (float) v.get(j).asDouble();
            }
        }
        return out;
    }

    /** The registered datasets (GET /api/datasets). */
    public JsonNode datasets() {
        return json(get("/api/datasets"));
    }

    /** Removes a dataset's registration (and its files when they were uploaded into the gateway). */
    public JsonNode deleteDataset(String id) {
        return json(send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/datasets/" + encode(id))).DELETE()));
    }

    /** Drops an index-service collection through the gateway. */
    public JsonNode deleteCollection(String name) {
        return json(send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/collections/" + encode(name))).DELETE()));
    }

    /** The encoders the gateway knows ({@code GET /api/encoders}). */
    public List<EncoderView> encoders() {
        return typed(get("/api/encoders"), new TypeReference<List<EncoderView>>() { });
    }

    public JsonNode submitRun(String dataset, List<String> retrievers, int depth, long seed, int bootstrap) {
        ObjectNode body = JSON.createObjectNode().put("dataset", dataset).put("depth", depth).put("seed", seed)
                .put("bootstrap", bootstrap);
        retrievers.forEach(body.putArray("retrievers")::add);
        return json(post("/api/runs", body));
    }

    /**
     * Has an ended run (COMPLETED or FAILED) evaluated again from the results the eval-service kept
     * ({@code POST /api/runs/{id}/reevaluate}); the run as the gateway answers it, EVALUATING.
     */
    public JsonNode reevaluateRun(String id) {
        return json(send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/runs/" + encode(id) + "/reevaluate"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.noBody())));
    }

    /** Registers a QA dataset directory (a no-op when the same id and version are registered). */
    public JsonNode registerQaDataset(Path dir) {
        ObjectNode body = JSON.createObjectNode().put("path", dir.toAbsolutePath().normalize().toString());
        return json(post("/api/qa-datasets", body));
    }

    /** Submits a QA run ({@code POST /api/qa-runs}; the body's fields as the gateway README lists them). */
    public JsonNode submitQaRun(ObjectNode body) {
        return json(post("/api/qa-runs", body));
    }

    /**
     * A run's whole JSON ({@code GET /api/runs/{id}}, or {@code /api/qa-runs/{id}} when {@code qa}) for {@link RunFollower},
     * which shows the live progress fields (counters, phase texts, place in line); what it decides on is in {@link RunView}.
     */
    public JsonNode progress(String id, boolean qa) {
        return json(get((qa ? "/api/qa-runs/" : "/api/runs/") + encode(id)));
    }

    /** A QA run ({@code GET /api/qa-runs/{id}}). */
    public RunView qaRun(String id) {
        return typed(get("/api/qa-runs/" + encode(id)), new TypeReference<RunView>() { });
    }

    /** A report file of a completed QA run (report.json, report.md, report.html, summary.csv, per-example.csv, report.txt). */
    public String qaFile(String runId, String name) {
        return get("/api/qa-runs/" + encode(runId) + "/files/" + encode(name));
    }

    /** The stored predictions of one system of a QA run, XHotpotQA JSONL. */
    public String qaPredictions(String runId, String system) {
        return get("/api/qa-runs/" + encode(runId) + "/predictions?system=" + encode(system));
    }

    /** An agent run as the gateway shows it (state, counts). */
    public JsonNode agentRun(String id) {
        return json(get("/api/agent-runs/" + encode(id)));
    }

    /** The names of an agent run's files at the eval-service (report files, summary, run directory); none until evaluated. */
    public List<String> agentFileNames(String runId) {
        List<String> names = new java.util.ArrayList<>();
        json(get("/api/agent-runs/" + encode(runId) + "/files")).forEach(n -> names.add(n.asText()));
        return names;
    }

    /** One file of an evaluated agent run; {@code name} may hold '/' ({@code run/run_Q.json}). */
    public String agentFile(String runId, String name) {
        String path = java.util.Arrays.stream(name.split("/", -1)).map(GatewayClient::encode)
                .collect(java.util.stream.Collectors.joining("/"));
        return get("/api/agent-runs/" + encode(runId) + "/files/" + path);
    }

    /** A retrieval run ({@code GET /api/runs/{id}}). */
    public RunView run(String id) {
        return typed(get("/api/runs/" + encode(id)), new TypeReference<RunView>() { });
    }

    /** A report file of a completed run (one of {@link io.clirbench.core.report.ReportFiles#RETRIEVAL}). */
    public String file(String runId, String name) {
        return get("/api/runs/" + encode(runId) + "/files/" + encode(name));
    }

    /** A report file, or {@code null} when the run has none of that name (e.g. report.txt of a run evaluated by an older version). */
    public String optionalFile(String runId, String name) {
        try {
            return file(runId, name);
        } catch (GatewayException e) {
            if (e.status() == 404) {
                return null;
            }
            throw e;
        }
    }

    /** The TREC run of one retriever of a run, as the eval-service stored it. */
    public String trec(String runId, String retriever) {
        return get("/api/runs/" + encode(runId) + "/trec?retriever=" + encode(retriever));
    }

    /** The leaderboard of a dataset as the gateway renders it ({@code table}, {@code csv}, {@code md}, {@code latex}). */
    public String leaderboard(String datasetId, List<String> measures, String format) {
        StringBuilder path = new StringBuilder("/api/leaderboard/").append(encode(datasetId)).append("?format=")
                .append(encode(format));
        measures.forEach(m -> path.append("&measure=").append(encode(m)));
        return get(path.toString());
    }

    private String get(String path) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
    }

    private String post(String path, JsonNode body) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    private String send(HttpRequest.Builder request) {
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpRequest built = request.timeout(REQUEST_TIMEOUT).build();
        try {
            HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (response.statusCode() == 401) {
                throw new GatewayException(built.method() + " " + built.uri() + ": 401 " + GatewayToken.UNAUTHORIZED_HINT, 401);
            }
            if (response.statusCode() >= 400) {
                throw new GatewayException(built.method() + " " + built.uri() + ": " + response.statusCode() + " " + problem(response.body()),
                        response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new GatewayException("cannot reach the gateway at " + shownUrl() + ": " + whatFailed(e)
                    + "; is the stack up? (bench up, or --gateway URL)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayException("interrupted", e);
        }
    }

    /** What went wrong on the connection, in words: the JDK's exceptions often carry no message. */
    String whatFailed(IOException e) {
        if (e instanceof java.net.http.HttpConnectTimeoutException) {
            return "no answer to the connection attempt (timed out)";
        }
        if (e instanceof java.net.http.HttpTimeoutException) {
            return "no response within " + REQUEST_TIMEOUT.toSeconds() + " s";
        }
        if (e instanceof java.net.ConnectException) {
            return "connection refused (nothing listens on " + URI.create(baseUrl).getAuthority() + ")";
        }
        if (e instanceof java.net.UnknownHostException) {
            return "unknown host";
        }
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (!out.isEmpty()) {
                out.append(": ");
            }
            out.append(t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage());
        }
        return out.toString();
    }

    /** The title and detail of a problem+json body, or the body itself. */
    private static String problem(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            String title = node.path("title").asText("");
            String detail = node.path("detail").asText("");
            return (title + (detail.isEmpty() ? "" : ": " + detail)).strip();
        } catch (IOException e) {
            return body.length() > 500 ? body.substring(0, 500) : body;
        }
    }

    private static <T> T typed(String body, TypeReference<T> type) {
        try {
            return JSON.readValue(body, type);
        } catch (IOException e) {
            throw new GatewayException("the gateway answered something that is not the expected JSON: " + e.getMessage(), e);
        }
    }

    private static JsonNode json(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new GatewayException("the gateway answered something that is not JSON: " + e.getMessage(), e);
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
