package io.clirbench.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol ({@code POST /v1/chat/completions}, JSON
 * {@code choices[0].message.content} and {@code usage}) with canned replies: for testing reader clients, not
 * models. It records every request body and Authorization header, counts requests and the most in flight, and
 * which bodies were answered (a reply written in full: a call the client paid for).
 *
 * <p>For kill-and-resume tests, {@link #answerAtMost(int)} makes the server answer a fixed number of requests and
 * hold every later one unanswered; {@link #release()} then drops the held ones (their client was killed: the
 * connection is closed without a reply) and answers every request that arrives after it. So the calls a killed
 * client paid for are exactly the ones it had time to journal, and a resumed build that asks any of them again
 * shows up in {@link #repeatedAnswers()}.
 */
public final class ChatCompletionsServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the server answers: a status, a body, an optional Retry-After, after a delay. */
    public record Reply(int status, String body, String retryAfter, long delayMillis) {

        /** A completion whose content is {@code " " + answer + "\n"} (clients strip it), with its token usage. */
        public static Reply ok(String answer, int prompt, int completion) {
            return finished(answer, prompt, completion, "stop");
        }

        /** The same, stopped at the output limit ({@code finish_reason: length}): {@code answer} is what came before the cut. */
        public static Reply cut(String answer, int prompt, int completion) {
            return finished(answer, prompt, completion, "length");
        }

        private static Reply finished(String answer, int prompt, int completion, String finishReason) {
            ObjectNode body = JSON.createObjectNode().put("id", "cmpl-1").put("object", "chat.completion");
            ObjectNode choice = body.putArray("choices").addObject().put("index", 0).put("finish_reason", finishReason);
            choice.putObject("message").put("role", "assistant").put("content", " " + answer + "\n");
            body.putObject("usage").put("prompt_tokens", prompt).put("completion_tokens", completion)
                    .put("total_tokens", prompt + completion);
            return new Reply(200, body.toString(), null, 0);
        }
    }

    /** The reply to request number {@code n} (1-based) with body {@code request}. */
    @FunctionalInterface
    public interface Behaviour {
        Reply reply(int n, JsonNode request);
    }

    private final HttpServer server;
    private final Behaviour behaviour;
    private final List<JsonNode> bodies = Collections.synchronizedList(new ArrayList<>());
    private final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final List<String> answered = Collections.synchronizedList(new ArrayList<>());
    private volatile int answerLimit = Integer.MAX_VALUE;
    private final CountDownLatch released = new CountDownLatch(1);

    private ChatCompletionsServer(Behaviour behaviour) throws IOException {
        this.behaviour = behaviour;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    /** Starts on a free port of 127.0.0.1. */
    public static ChatCompletionsServer start(Behaviour behaviour) throws IOException {
        return new ChatCompletionsServer(behaviour);
    }

    /** The base URL clients are given: {@code http://127.0.0.1:PORT/v1}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    private void handle(HttpExchange exchange) throws IOException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            int n = requests.incrementAndGet();
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            bodies.add(body);
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            if (!mayAnswer()) {
                return; // held until release(), then dropped: its client is gone
            }
            Reply reply = behaviour.reply(n, body);
            if (reply.delayMillis() > 0) {
                Thread.sleep(reply.delayMillis());
            }
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (reply.retryAfter() != null) {
                exchange.getResponseHeaders().add("Retry-After", reply.retryAfter());
            }
            exchange.sendResponseHeaders(reply.status(), bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.getResponseBody().flush();
            answered.add(body.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client gave up (timeout): nothing to answer
        } finally {
            inFlight.decrementAndGet();
            exchange.close();
        }
    }

    /**
     * False when this request must not be answered: it arrived while {@link #answerAtMost(int)}'s limit was reached and
     * before {@link #release()}; it waits for the release (at most two minutes) first.
     */
    private boolean mayAnswer() throws InterruptedException {
        synchronized (this) {
            if (released.getCount() == 0 || answerLimit == Integer.MAX_VALUE) {
                return true;
            }
            if (answerLimit > 0) {
                answerLimit--;
                return true;
            }
        }
        released.await(2, java.util.concurrent.TimeUnit.MINUTES);
        return false;
    }

    /** Answers the next {@code n} requests only; later ones wait, unanswered, for {@link #release()}. */
    public synchronized void answerAtMost(int n) {
        answerLimit = n;
    }

    /** Drops the requests held by {@link #answerAtMost(int)} without a reply and answers every later request. */
    public void release() {
        released.countDown();
    }

    /*
     * Waits (at most 10 s) until no request is in flight. A reply is counted after it is written; its client may read it,
     * finish and exit before the handler thread gets to count it (seen under load in CI), so a count read right after a
     * client exits could miss its last reply.
     */
    private void settle() {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The number of replies written in full (once every request in flight has been handled: see {@link #settle}). */
    public int answers() {
        settle();
        return answered.size();
    }

    /** The request bodies (compact JSON) answered more than once, with how often: paid twice. */
    public java.util.Map<String, Integer> repeatedAnswers() {
        settle();
        java.util.Map<String, Integer> counts = new java.util.TreeMap<>();
        for (String b : List.copyOf(answered)) {
            counts.merge(b, 1, Integer::sum);
        }
        counts.values().removeIf(c -> c < 2);
        return counts;
    }

    /** Every request body received, in arrival order. */
    public List<JsonNode> bodies() {
        return List.copyOf(bodies);
    }

    /** The Authorization header of every request (null where absent), in arrival order. */
    public List<String> authorizations() {
        return new ArrayList<>(authorizations);
    }

    /**
     * The request bodies that arrived more than once (as compact JSON text), with how often: a build that resumes from its
     * journal must leave this empty, apart from calls that were in flight when it was killed.
     */
    public java.util.Map<String, Integer> repeatedBodies() {
        java.util.Map<String, Integer> counts = new java.util.TreeMap<>();
        for (JsonNode b : bodies()) {
            counts.merge(b.toString(), 1, Integer::sum);
        }
        counts.values().removeIf(c -> c < 2);
        return counts;
    }

    public int requests() {
        return requests.get();
    }

    /** The most requests that were in flight at once. */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    /** The text of the last message of a request with the given role ({@code user}). */
    public static String message(JsonNode request, String role) {
        String text = null;
        for (JsonNode m : request.path("messages")) {
            if (role.equals(m.path("role").asText())) {
                text = m.path("content").asText();
            }
        }
        return text;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
