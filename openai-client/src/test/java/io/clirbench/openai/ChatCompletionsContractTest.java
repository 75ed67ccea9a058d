package io.clirbench.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one chat client against a local server that speaks the OpenAI chat-completions protocol
 * ({@link ChatCompletionsServer}: {@code POST /v1/chat/completions}, JSON {@code choices[0].message} and
 * {@code usage}): the request it sends, the answer and usage it reads, retries on 429 and 5xx, no retry on other
 * statuses, timeouts, bodies that are not JSON, what an error may quote, and the bound on requests in flight.
 */
class ChatCompletionsContractTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ChatPolicy FAST = new ChatPolicy(1, 4, Duration.ofSeconds(5), Duration.ofMillis(20), 0);

    private ChatCompletionsServer server;

    private URI start(Function<Integer, Reply> behaviour) throws IOException {
        server = ChatCompletionsServer.start((n, body) -> behaviour.apply(n));
        return server.baseUrl();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static ChatCompletionsClient client(URI base, String key, ChatPolicy policy) {
        return new ChatCompletionsClient(new ChatEndpoint("reader 'contract'", base, "qwen2.5-7b-instruct", Optional.ofNullable(key)),
                policy);
    }

    private static ChatRequest question() {
        return ChatRequest.of(List.of(new ChatMessage("system", "Answer briefly."), new ChatMessage("user", "Question: Wo liegt Paris?\nAnswer:")));
    }

    @Test
    void sendsTheProtocolsRequestAndReadsAnswerAndUsage() throws Exception {
        URI base = start(n -> Reply.ok("Frankreich", 41, 3));
        ChatCompletion c = client(base, "sk-test", FAST).complete(question().withTemperature(0).withMaxTokens(32));
        assertThat(c.content()).isEqualTo("Frankreich"); // the server sends " Frankreich\n": stripped
        assertThat(c.promptTokens()).isEqualTo(41);
        assertThat(c.completionTokens()).isEqualTo(3);
        assertThat(c.totalTokens()).isEqualTo(44); // 41 + 3
        assertThat(c.attempts()).isEqualTo(1);
        JsonNode body = server.bodies().get(0);
        assertThat(body.path("model").asText()).isEqualTo("qwen2.5-7b-instruct");
        assertThat(body.path("messages")).hasSize(2);
        assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
        assertThat(body.path("messages").get(1).path("role").asText()).isEqualTo("user");
        assertThat(body.path("messages").get(1).path("content").asText()).contains("Wo liegt Paris?");
        assertThat(body.path("temperature").isNumber()).isTrue();
        assertThat(body.path("temperature").asDouble()).isZero();
        assertThat(body.path("max_tokens").asInt()).isEqualTo(32);
        assertThat(body.path("stream").asBoolean(true)).isFalse();
        assertThat(body.has("tools")).isFalse();
        assertThat(server.authorizations().get(0)).isEqualTo("Bearer sk-test");
    }

    @Test
    void toolsGoWithToolChoiceAutoAndUnsetFieldsStayOut() throws Exception {
        URI base = start(n -> Reply.ok("x", 1, 1));
        ArrayNode tools = JSON.createArrayNode();
        tools.addObject().put("type", "function").putObject("function").put("name", "search");
        client(base, "sk-test", FAST).complete(question().withTools(tools));
        JsonNode body = server.bodies().get(0);
        assertThat(body.path("tools").get(0).path("function").path("name").asText()).isEqualTo("search");
        assertThat(body.path("tool_choice").asText()).isEqualTo("auto");
        assertThat(body.has("max_tokens")).as("0 leaves it to the server").isFalse();
        assertThat(body.has("temperature")).isFalse();
    }

    @Test
    void noKeyNoAuthorizationHeader() throws Exception {
        URI base = start(n -> Reply.ok("x", 1, 1));
        client(base, null, FAST).complete(question());
        client(base, " ", FAST).complete(question());
        assertThat(server.authorizations()).containsExactly(null, null);
    }

    @Test
    void retries429AndServerErrorsThenSucceeds() throws Exception {
        URI base = start(n -> switch (n) {
            case 1 -> new Reply(429, "{\"error\":{\"message\":\"rate limited\"}}", "0", 0);
            case 2 -> new Reply(503, "{\"error\":{\"message\":\"overloaded\"}}", null, 0);
            default -> Reply.ok("42", 10, 1);
        });
        ChatCompletion c = client(base, null, FAST).complete(question());
        assertThat(c.content()).isEqualTo("42");
        assertThat(c.attempts()).isEqualTo(3);
        assertThat(server.requests()).isEqualTo(3);
    }

    @Test
    void givesUpAfterTheLastAttemptNamingTheEndpointAndStatusNotTheBody() throws Exception {
        URI base = start(n -> new Reply(500, "{\"error\":{\"message\":\"leaked-body-7f3a\"}}", null, 0));
        assertThatThrownBy(() -> client(base, null, FAST.withAttempts(3)).complete(question()))
                .isInstanceOfSatisfying(ChatCompletionsException.class, e -> assertThat(e.status()).isEqualTo(500))
                .hasMessage("reader 'contract' failed after 3 attempts: HTTP 500");
        assertThat(server.requests()).isEqualTo(3);
    }

    @Test
    void otherStatusesAreNotRetriedAndTheirBodyIsNotQuoted() throws Exception {
        URI base = start(n -> n == 1 ? new Reply(400, "{\"error\":{\"message\":\"unknown model\"}}", null, 0)
                : new Reply(404, "no such path", null, 0));
        assertThatThrownBy(() -> client(base, null, FAST).complete(question()))
                .isInstanceOf(ChatCompletionsException.class).hasMessage("reader 'contract' refused the request: HTTP 400");
        assertThatThrownBy(() -> client(base, null, FAST).complete(question()))
                .isInstanceOf(ChatCompletionsException.class).hasMessage("reader 'contract' refused the request: HTTP 404");
        assertThat(server.requests()).isEqualTo(2);
    }

    @Test
    void aPolicyThatQuotesBodiesQuotesAShortWhitespaceCollapsedExcerptOnly() throws Exception {
        String big = "{\"error\":\n  \"unknown model m\"}" + "x".repeat(10_000);
        URI base = start(n -> n == 1 ? new Reply(400, "{\"error\":\n  \"unknown model m\"}", null, 0) : new Reply(400, big, null, 0));
        ChatPolicy quoting = FAST.quotingBodies(40);
        // collapsed: {"error": "unknown model m"}, 9 + 1 + 17 + 1 = 28 chars, within 40: quoted whole
        assertThatThrownBy(() -> client(base, null, quoting).complete(question()))
                .hasMessage("reader 'contract' refused the request: HTTP 400 (the server answered: {\"error\": \"unknown model m\"})");
        // the same 28 chars and 10,000 x: 10,028 chars, of which the first 40 (the 28 and 12 x) are quoted
        assertThatThrownBy(() -> client(base, null, quoting).complete(question()))
                .hasMessage("reader 'contract' refused the request: HTTP 400 (the server answered: {\"error\": \"unknown model m\"}"
                        + "xxxxxxxxxxxx... (10028 chars))");
    }

    @Test
    void anEndpointThatCannotBeReachedIsNamedWithoutAJavaClassName() throws Exception {
        URI base = start(n -> Reply.ok("x", 1, 1));
        server.close(); // nothing listens on the port any more
        server = null;
        assertThatThrownBy(() -> client(base, null, FAST.withAttempts(2)).complete(question()))
                .isInstanceOfSatisfying(ChatCompletionsException.class, e -> assertThat(e.status()).isZero())
                .hasMessage("reader 'contract' failed after 2 attempts: no connection");
    }

    @Test
    void aTimedOutRequestIsRetried() throws Exception {
        URI base = start(n -> n == 1 ? new Reply(200, "{}", null, 3000) : Reply.ok("late", 5, 1));
        ChatCompletion c = client(base, null, FAST.withAttempts(2).withTimeout(Duration.ofMillis(500))).complete(question());
        assertThat(c.content()).isEqualTo("late");
        assertThat(c.attempts()).isEqualTo(2);
    }

    @Test
    void aServerThatNeverAnswersInTimeFailsSayingTheTimeout() throws Exception {
        URI base = start(n -> new Reply(200, "{}", null, 2000));
        assertThatThrownBy(() -> client(base, null, FAST.withAttempts(2).withTimeout(Duration.ofMillis(300))).complete(question()))
                .hasMessage("reader 'contract' failed after 2 attempts: no response within 300 ms");
        assertThat(server.requests()).isEqualTo(2);
    }

    @Test
    void aBodyThatIsNotAJsonObjectIsAnErrorAndNotRetried() throws Exception {
        URI base = start(n -> n == 1 ? new Reply(200, "<html>leaked-body-7f3a</html>", null, 0) : new Reply(200, "[1, 2]", null, 0));
        assertThatThrownBy(() -> client(base, null, FAST).complete(question()))
                .isInstanceOf(ChatCompletionsException.class)
                .hasMessage("reader 'contract' answered 200 with a body that is not a JSON object");
        assertThatThrownBy(() -> client(base, null, FAST).complete(question()))
                .hasMessage("reader 'contract' answered 200 with a body that is not a JSON object");
        assertThat(server.requests()).isEqualTo(2);
    }

    @Test
    void aResponseWithoutMessageOrContentIsAnErrorWhenAsked() throws Exception {
        URI base = start(n -> n == 1 ? new Reply(200, "{\"choices\":[]}", null, 0)
                : new Reply(200, "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[]}}]}", null, 0));
        ChatCompletion empty = client(base, null, FAST).complete(question());
        assertThatThrownBy(empty::message).isInstanceOf(ChatCompletionsException.class)
                .hasMessage("reader 'contract' answered without choices[0].message");
        assertThatThrownBy(empty::content).hasMessage("reader 'contract' answered without choices[0].message");
        ChatCompletion toolsOnly = client(base, null, FAST).complete(question());
        assertThat(toolsOnly.message().path("tool_calls").isArray()).isTrue();
        assertThatThrownBy(toolsOnly::content).hasMessage("reader 'contract' answered without choices[0].message.content");
        assertThat(toolsOnly.totalTokens()).as("no usage reported").isZero();
    }

    @Test
    void aRetryAfterLongerThanTheBackoffIsWaited() throws Exception {
        URI base = start(n -> n == 1 ? new Reply(429, "{}", "1", 0) : Reply.ok("ok", 1, 1));
        ChatCompletion c = client(base, null, FAST).complete(question());
        assertThat(c.attempts()).isEqualTo(2);
        // backoff 20 ms, Retry-After 1 s: the second try comes after at least 1 s
        assertThat(c.latencyMicros()).isGreaterThanOrEqualTo(1_000_000);
    }

    @Test
    void requestsInFlightStayWithinTheBound() throws Exception {
        URI base = start(n -> new Reply(Reply.ok("ok", 1, 1).status(), Reply.ok("ok", 1, 1).body(), null, 150));
        ChatCompletionsClient client = client(base, null, FAST.withMaxConcurrency(2).withAttempts(1).withTimeout(Duration.ofSeconds(10)));
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<ChatCompletion>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> client.complete(question())));
            }
            for (Future<ChatCompletion> f : futures) {
                assertThat(f.get().content()).isEqualTo("ok");
            }
        }
        assertThat(server.requests()).isEqualTo(8);
        // 8 callers at once, 150 ms each: without the bound the server would see up to 8 at a time
        assertThat(server.maxInFlight()).isBetween(1, 2);
    }
}
