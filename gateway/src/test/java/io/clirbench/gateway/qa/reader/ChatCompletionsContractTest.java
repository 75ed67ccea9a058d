package io.clirbench.gateway.qa.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
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
 * The reader client against a local server that speaks the OpenAI chat-completions protocol
 * ({@link ChatCompletionsServer}: {@code POST /v1/chat/completions}, JSON {@code choices[0].message.content} and
 * {@code usage}): the request it sends, the answer and usage it reads, retries on 429 and 5xx, no retry on other
 * 4xx, timeouts, and the bound on requests in flight.
 */
class ChatCompletionsContractTest {

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

    private static ChatCompletionsClient client(URI base, String key, int concurrency, int attempts, Duration timeout) {
        return new ChatCompletionsClient(new ReaderSettings("contract", base, "qwen2.5-7b-instruct", Optional.ofNullable(key), concurrency, attempts,
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
        JsonNode body = server.bodies().get(0);
        assertThat(body.path("model").asText()).isEqualTo("qwen2.5-7b-instruct");
        assertThat(body.path("messages")).hasSize(2);
        assertThat(body.path("messages").get(1).path("role").asText()).isEqualTo("user");
        assertThat(body.path("messages").get(1).path("content").asText()).contains("Wo liegt Paris?");
        assertThat(body.path("temperature").asDouble()).isZero();
        assertThat(body.path("max_tokens").asInt()).isEqualTo(32);
        assertThat(server.authorizations().get(0)).isEqualTo("Bearer sk-test");
    }

    @Test
    void noKeyNoAuthorizationHeader() throws Exception {
        URI base = start(n -> Reply.ok("x", 1, 1));
        client(base, null, 1, 1, Duration.ofSeconds(5)).complete(messages());
        assertThat(server.authorizations().get(0)).isNull();
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
        assertThat(server.requests()).isEqualTo(3);
    }

    @Test
    void givesUpAfterTheLastAttemptNamingTheReaderAndStatusNotTheBody() throws Exception {
        URI base = start(n -> new Reply(500, "{\"error\":{\"message\":\"boom\"}}", null, 0));
        assertThatThrownBy(() -> client(base, null, 1, 3, Duration.ofSeconds(5)).complete(messages()))
                .isInstanceOf(ReaderException.class)
                .hasMessage("reader 'contract' failed after 3 attempts: HTTP 500");
        assertThat(server.requests()).isEqualTo(3);
    }

    @Test
    void otherClientErrorsAreNotRetriedAndTheirBodyIsNotQuoted() throws Exception {
        URI base = start(n -> new Reply(400, "{\"error\":{\"message\":\"unknown model\"}}", null, 0));
        assertThatThrownBy(() -> client(base, null, 1, 4, Duration.ofSeconds(5)).complete(messages()))
                .isInstanceOf(ReaderException.class).hasMessage("reader 'contract' refused the request: HTTP 400");
        assertThat(server.requests()).isEqualTo(1);
    }

    @Test
    void aReaderThatCannotBeReachedIsNamedWithoutAJavaClassName() throws Exception {
        URI base = start(n -> Reply.ok("x", 1, 1));
        server.close(); // nothing listens on the port any more
        server = null;
        assertThatThrownBy(() -> client(base, null, 1, 2, Duration.ofSeconds(5)).complete(messages()))
                .isInstanceOf(ReaderException.class).hasMessage("reader 'contract' failed after 2 attempts: no connection");
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
                .isInstanceOf(ReaderException.class).hasMessage("reader 'contract' answered without choices[0].message.content");
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
        assertThat(server.requests()).isEqualTo(8);
        // 8 callers at once, 150 ms each: without the bound the server would see up to 8 at a time
        assertThat(server.maxInFlight()).isBetween(1, 2);
    }
}
