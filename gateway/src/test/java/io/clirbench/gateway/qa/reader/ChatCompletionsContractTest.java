package io.clirbench.gateway.qa.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reader client against a local server that speaks the OpenAI chat-completions protocol
 * ({@code POST /v1/chat/completions}, JSON {@code choices[0].message.content} and {@code usage}): the request it
 * sends, the answer and usage it reads, retries on 429 and 5xx, no retry on other 4xx, timeouts, and the bound
 * on requests in flight.
 */
class ChatCompletionsContractTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpServer server;
    private final List<JsonNode> bodies = Collections.synchronizedList(new ArrayList<>());
    private final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    /** What the server does with request number n (1-based). */
    private record Reply(int status, String body, String retryAfter, long delayMillis) {
        static Reply ok(String answer, int prompt, int completion) {
            return new Reply(200, "{\"id\":\"cmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":"
                    + "{\"role\":\"assistant\",\"content\":\" " + answer + "\\n\"},\"finish_reason\":\"stop\"}],\"usage\":"
                    + "{\"prompt_tokens\":" + prompt + ",\"completion_tokens\":" + completion + ",\"total_tokens\":" + (prompt + completion)
                    + "}}", null, 0);
        }
    }

    private URI start(Function<Integer, Reply> behaviour) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/chat/completions", exchange -> handle(exchange, behaviour));
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    private void handle(HttpExchange exchange, Function<Integer, Reply> behaviour) throws IOException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            int n = requests.incrementAndGet();
            bodies.add(JSON.readTree(exchange.getRequestBody().readAllBytes()));
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            Reply reply = behaviour.apply(n);
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
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client gave up (timeout): nothing to answer
        } finally {
            inFlight.decrementAndGet();
            exchange.close();
        }
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static ChatCompletionsClient client(URI base, String key, int concurrency, int attempts, Duration timeout) {
        return new ChatCompletionsClient(new ReaderSettings(base, "qwen2.5-7b-instruct", Optional.ofNullable(key), concurrency, attempts,
                timeout, 32, Duration.ofMillis(20)));
    }

    private static List<ChatMessage> messages() {
        return List.of(new ChatMessage("system", "Answer briefly."), new ChatMessage("user", "Question: Wo liegt Paris?\nAnswer:"));
    }

    @Test
    void sendsTheProtocolsRequestAndReadsAnswerAndUsage() throws Exception {
        URI base = start(n -> Reply.ok("Frankreich", 41, 3));
        ReaderAnswer a = client(base, "sk-test", 2, 3, Duration.ofSeconds(5)).complete(messages());
        assertThat(a.answer()).isEqualTo("Frankreich"); // content stripped of the surrounding space and newline
        assertThat(a.promptTokens()).isEqualTo(41);
        assertThat(a.completionTokens()).isEqualTo(3);
        assertThat(a.attempts()).isEqualTo(1);
        JsonNode body = bodies.get(0);
        assertThat(body.path("model").asText()).isEqualTo("qwen2.5-7b-instruct");
        assertThat(body.path("messages")).hasSize(2);
        assertThat(body.path("messages").get(1).path("role").asText()).isEqualTo("user");
        assertThat(body.path("messages").get(1).path("content").asText()).contains("Wo liegt Paris?");
        assertThat(body.path("temperature").asDouble()).isZero();
        assertThat(body.path("max_tokens").asInt()).isEqualTo(32);
        assertThat(authorizations.get(0)).isEqualTo("Bearer sk-test");
    }

    @Test
    void noKeyNoAuthorizationHeader() throws Exception {
        URI base = start(n -> Reply.ok("x", 1, 1));
        client(base, null, 1, 1, Duration.ofSeconds(5)).complete(messages());
        assertThat(authorizations.get(0)).isNull();
    }

    @Test
    void retries429AndServerErrorsThenSucceeds() throws Exception {
        URI base = start(n -> switch (n) {
            case 1 -> new Reply(429, "{\"error\":{\"message\":\"rate limited\"}}", "0", 0);
            case 2 -> new Reply(503, "{\"error\":{\"message\":\"overloaded\"}}", null, 0);
            default -> Reply.ok("42", 10, 1);
        });
        ReaderAnswer a = client(base, null, 1, 4, Duration.ofSeconds(5)).complete(messages());
        assertThat(a.answer()).isEqualTo("42");
        assertThat(a.attempts()).isEqualTo(3);
        assertThat(requests.get()).isEqualTo(3);
    }

    @Test
    void givesUpAfterTheLastAttemptNamingTheStatus() throws Exception {
        URI base = start(n -> new Reply(500, "{\"error\":{\"message\":\"boom\"}}", null, 0));
        assertThatThrownBy(() -> client(base, null, 1, 3, Duration.ofSeconds(5)).complete(messages()))
                .isInstanceOf(ReaderException.class).hasMessageContaining("after 3 attempts").hasMessageContaining("HTTP 500");
        assertThat(requests.get()).isEqualTo(3);
    }

    @Test
    void otherClientErrorsAreNotRetried() throws Exception {
        URI base = start(n -> new Reply(400, "{\"error\":{\"message\":\"unknown model\"}}", null, 0));
        assertThatThrownBy(() -> client(base, null, 1, 4, Duration.ofSeconds(5)).complete(messages()))
                .isInstanceOf(ReaderException.class).hasMessageContaining("HTTP 400").hasMessageContaining("unknown model");
        assertThat(requests.get()).isEqualTo(1);
    }

    @Test
    void aTimedOutRequestIsRetried() throws Exception {
        URI base = start(n -> n == 1 ? new Reply(200, "{}", null, 3000) : Reply.ok("late", 5, 1));
        ReaderAnswer a = client(base, null, 1, 2, Duration.ofMillis(500)).complete(messages());
        assertThat(a.answer()).isEqualTo("late");
        assertThat(a.attempts()).isEqualTo(2);
    }

    @Test
    void aResponseWithoutContentIsAnError() throws Exception {
        URI base = start(n -> new Reply(200, "{\"choices\":[]}", null, 0));
        assertThatThrownBy(() -> client(base, null, 1, 2, Duration.ofSeconds(5)).complete(messages()))
                .isInstanceOf(ReaderException.class).hasMessageContaining("choices[0].message.content");
    }

    @Test
    void requestsInFlightStayWithinTheBound() throws Exception {
        URI base = start(n -> new Reply(Reply.ok("ok", 1, 1).status(), Reply.ok("ok", 1, 1).body(), null, 150));
        ChatCompletionsClient client = client(base, null, 2, 1, Duration.ofSeconds(10));
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<ReaderAnswer>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> client.complete(messages())));
            }
            for (Future<ReaderAnswer> f : futures) {
                assertThat(f.get().answer()).isEqualTo("ok");
            }
        }
        assertThat(requests.get()).isEqualTo(8);
        // 8 callers at once, 150 ms each: without the bound the server would see up to 8 at a time
        assertThat(maxInFlight.get()).isBetween(1, 2);
    }
}
