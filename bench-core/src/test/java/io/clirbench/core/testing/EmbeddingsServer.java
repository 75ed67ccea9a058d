package io.clirbench.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local HTTP server that speaks both protocols of served embedding endpoints -- OpenAI's {@code POST /v1/embeddings}
 * ({@code {"model", "input": [...]}} to {@code {"data": [{"index", "embedding"}], "model"}}) and Hugging Face TEI's
 * {@code POST /embed} ({@code {"inputs": [...], "normalize"}} to {@code [[...], ...]}) -- with vectors computed from the
 * text by {@link #vector}: for testing clients, not models. It checks the bearer token when given one (401 otherwise),
 * answers the statuses queued by {@link #failNext} before answering normally (429 with {@code Retry-After: 0}), counts
 * requests and texts, and records every request body.
 */
public final class EmbeddingsServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The model an OpenAI answer says it ran: {@code served/} and the request's model. */
    public static final String REPORTED_PREFIX = "served/";

    private final HttpServer server;
    private final String token;
    private final Deque<Integer> failures = new ArrayDeque<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger texts = new AtomicInteger();
    private final List<JsonNode> bodies = Collections.synchronizedList(new ArrayList<>());

    private EmbeddingsServer(String token, int port) throws IOException {
        this.token = token;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/embeddings", e -> handle(e, true));
        server.createContext("/embed", e -> handle(e, false));
        server.start();
    }

    /** Starts on a free port of 127.0.0.1; {@code token}: the bearer token required (null: none). */
    public static EmbeddingsServer start(String token) throws IOException {
        return new EmbeddingsServer(token, 0);
    }

    /** The base URL: {@code http://127.0.0.1:PORT}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /**
     * The vector of a text (dimension 6): the counts of the letters a, e, i, o, u (case-insensitive) and 1. E.g.
     * {@code "Datei"} gives (1, 1, 1, 0, 0, 1). Normalised (L2) when the TEI request asks for it.
     */
    public static float[] vector(String text) {
        float[] v = new float[6];
        for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
            int k = "aeiou".indexOf(c);
            if (k >= 0) {
                v[k]++;
            }
        }
        v[5] = 1;
        return v;
    }

    /** The next requests get these statuses, in order, before the server answers normally again. */
    public void failNext(int... statuses) {
        synchronized (failures) {
            for (int s : statuses) {
                failures.add(s);
            }
        }
    }

    /** Requests received (answered or refused). */
    public int requests() {
        return requests.get();
    }

    /** Texts embedded in answered requests. */
    public int textsEmbedded() {
        return texts.get();
    }

    /** Every request body, in arrival order. */
    public List<JsonNode> bodies() {
        return List.copyOf(bodies);
    }

    private void handle(HttpExchange exchange, boolean openai) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            bodies.add(body);
            Integer failure;
            synchronized (failures) {
                failure = failures.poll();
            }
            if (token != null && !("Bearer " + token).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                reply(exchange, 401, "{\"error\": \"missing or wrong bearer token\"}");
            } else if (failure != null) {
                if (failure == 429) {
                    exchange.getResponseHeaders().add("Retry-After", "0");
                }
                reply(exchange, failure, "{\"error\": \"injected " + failure + "\"}");
            } else {
                reply(exchange, 200, openai ? openai(body) : tei(body));
            }
        }
    }

    private String openai(JsonNode body) {
        ObjectNode out = JSON.createObjectNode().put("object", "list");
        ArrayNode data = out.putArray("data");
        int i = 0;
        for (JsonNode text : body.path("input")) {
            ObjectNode item = data.addObject().put("object", "embedding").put("index", i++);
            floats(item.putArray("embedding"), vector(text.asText()));
        }
        texts.addAndGet(i);
        out.put("model", REPORTED_PREFIX + body.path("model").asText());
        return out.toString();
    }

    private String tei(JsonNode body) {
        ArrayNode out = JSON.createArrayNode();
        for (JsonNode text : body.path("inputs")) {
            float[] v = vector(text.asText());
            floats(out.addArray(), body.path("normalize").asBoolean(true) ? normalized(v) : v);
        }
        texts.addAndGet(out.size());
        return out.toString();
    }

    private static float[] normalized(float[] v) {
        double s = 0;
        for (float x : v) {
            s += x * x;
        }
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / Math.sqrt(s));
        }
        return out;
    }

    private static void floats(ArrayNode array, float[] v) {
        for (float x : v) {
            array.add(x);
        }
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Stops answering: later connections are refused. */
    @Override
    public void close() {
        server.stop(0);
    }
}
