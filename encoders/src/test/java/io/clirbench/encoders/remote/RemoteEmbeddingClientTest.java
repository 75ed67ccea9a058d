package io.clirbench.encoders.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.testing.EmbeddingsServer;
import io.clirbench.encoders.BatchPlanner;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.Role;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The remote encoder against a real HTTP server started here ({@link EmbeddingsServer}: both protocols, vectors from
 * the vowel counts of the text, so every expected vector below is counted by hand).
 */
class RemoteEmbeddingClientTest {

    private static final String TOKEN = "tok-9f1c2e7a-never-shown";

    @TempDir
    Path dir;

    private EmbeddingsServer server;
    private final List<String> logged = Collections.synchronizedList(new ArrayList<>());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record.getMessage() + " " + java.util.Arrays.toString(record.getParameters()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void start() throws Exception {
        server = EmbeddingsServer.start(TOKEN);
        Files.writeString(dir.resolve("token.txt"), TOKEN + "\n");
        Logger.getLogger(RemoteEmbeddingClient.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(RemoteEmbeddingClient.class.getName()).removeHandler(capture);
        server.close();
    }

    private ModelCard card(String protocol, String extraEndpoint, String extraCard) throws Exception {
        String model = protocol.equals("openai") ? ", \"model\": \"vowels-6\"" : "";
        Path file = dir.resolve("model.json");
        Files.writeString(file, """
                {"kind": "remote", "id": "vowels", "languages": ["en"], "dimension": 6 %s,
                 "endpoint": {"url": "%s", "protocol": "%s", "tokenFile": "token.txt", "initialBackoffMillis": 1 %s %s}}
                """.formatted(extraCard, server.url(), protocol, model, extraEndpoint));
        return ModelCardReader.read(file);
    }

    private static float[][] embed(ModelCard card, List<String> texts, Role role) throws Exception {
        try (Encoder encoder = RemoteInference.load(card, Map.of())) {
            return encoder.embed(texts, role, encoder.planner(8192, 64));
        }
    }

    @Test
    void openAiVectorsComeBackInOrderWithTheTemplateAppliedAndTheReportedModel() throws Exception {
        ModelCard card = card("openai", "", ", \"normalize\": false, \"query\": {\"prefix\": \"query: \"}");
        try (Encoder encoder = RemoteInference.load(card, Map.of())) {
            float[][] v = encoder.embed(List.of("Datei", "open the file"), Role.QUERY, encoder.planner(8192, 64));
            // "query: Datei": a 1, e 2 (query, Datei), i 1, o 0, u 1 (query), bias 1
            assertThat(v[0]).containsExactly(1, 2, 1, 0, 1, 1);
            // "query: open the file": a 0, e 4 (query, open, the, file), i 1, o 1, u 1, bias 1
            assertThat(v[1]).containsExactly(0, 4, 1, 1, 1, 1);
            assertThat(encoder.provenance()).isEqualTo("remote openai " + server.url() + "/v1/embeddings, model vowels-6"
                    + " (endpoint reports served/vowels-6)");
        }
        var body = server.bodies().get(0);
        assertThat(body.path("model").asText()).isEqualTo("vowels-6");
        assertThat(body.path("encoding_format").asText()).isEqualTo("float");
        assertThat(body.has("dimensions")).as("no dimensions unless the card gives them").isFalse();
        assertThat(body.path("input").toString()).isEqualTo("[\"query: Datei\",\"query: open the file\"]");
    }

    @Test
    void teiVectorsAreNormalisedAsTheCardSays() throws Exception {
        float[][] v = embed(card("tei", "", ""), List.of("Datei"), Role.DOCUMENT);
        // (1, 1, 1, 0, 0, 1) has norm 2: each component 0.5
        assertThat(v[0]).containsExactly(new float[] {0.5f, 0.5f, 0.5f, 0, 0, 0.5f}, within(1e-6f));
        var body = server.bodies().get(0);
        assertThat(body.toString()).isEqualTo("{\"inputs\":[\"Datei\"],\"truncate\":true,\"normalize\":true}");
    }

    @Test
    void injected429And503AreRetriedThenTheVectorsArrive() throws Exception {
        server.failNext(429, 503);
        float[][] v = embed(card("tei", "", ", \"normalize\": false"), List.of("Datei"), Role.DOCUMENT);
        assertThat(v[0]).containsExactly(1, 1, 1, 0, 0, 1);
        assertThat(server.requests()).as("two refusals and the answer").isEqualTo(3);
        assertThat(logged).as("one warning per retry").hasSize(2);
        assertThat(String.join("\n", logged)).contains("HTTP 429", "HTTP 503").doesNotContain(TOKEN);
    }

    @Test
    void aRetryWaitsRetryAfterWhenGivenElseDoublesTheBackoff() throws Exception {
        ModelCard card = card("tei", ", \"maxRetries\": 3", "");
        List<Duration> pauses = new ArrayList<>();
        RemoteEmbeddingClient client = new RemoteEmbeddingClient(card.endpoint(), EmbeddingProtocol.of(card),
                BearerToken.of(card, Map.of()), pauses::add);
        server.failNext(503, 429, 503);
        client.embed(List.of("x"));
        // 503 after attempt 0: 1 ms x 2^0; 429 carries Retry-After: 0; 503 after attempt 2: 1 ms x 2^2
        assertThat(pauses).containsExactly(Duration.ofMillis(1), Duration.ZERO, Duration.ofMillis(4));
    }

    @Test
    void anEndpointThatStaysDownFailsNamingItAndTheLastAnswer() throws Exception {
        ModelCard card = card("openai", ", \"maxRetries\": 2", "");
        server.failNext(503, 503, 503, 503);
        assertThatThrownBy(() -> embed(card, List.of("x"), Role.QUERY)).isInstanceOf(RemoteEndpointException.class)
                .hasMessageContaining("embedding endpoint " + server.url() + "/v1/embeddings failed after 3 attempts")
                .hasMessageContaining("last: HTTP 503")
                .hasMessageNotContaining(TOKEN);
        assertThat(server.requests()).isEqualTo(3);
    }

    @Test
    void anEndpointThatIsGoneFailsAfterItsRetriesNamingIt() throws Exception {
        ModelCard card = card("tei", ", \"maxRetries\": 1", "");
        server.close();
        assertThatThrownBy(() -> embed(card, List.of("x"), Role.QUERY)).isInstanceOf(RemoteEndpointException.class)
                .hasMessageContaining("embedding endpoint " + server.url() + "/embed failed after 2 attempts")
                .hasMessageContaining("last: ConnectException");
    }

    @Test
    void aWrongTokenIsNotRetriedAndNeitherTokenAppears() throws Exception {
        ModelCard card = card("tei", "", "");
        Files.writeString(dir.resolve("token.txt"), "wrong-token-value");
        assertThatThrownBy(() -> embed(card, List.of("x"), Role.QUERY)).isInstanceOf(RemoteEndpointException.class)
                .hasMessageContaining("refused the request: HTTP 401")
                .hasMessageNotContaining("wrong-token-value").hasMessageNotContaining(TOKEN);
        assertThat(server.requests()).isEqualTo(1);
        assertThat(BearerToken.of(card, Map.of()).toString()).doesNotContain("wrong-token-value");
    }

    @Test
    void theTokenComesFromTheVariableTheCardNames() throws Exception {
        Path file = dir.resolve("env.json");
        Files.writeString(file, """
                {"kind": "remote", "id": "v", "languages": ["en"], "dimension": 6, "normalize": false,
                 "endpoint": {"url": "%s", "protocol": "tei", "tokenEnv": "EMBED_TOKEN"}}
                """.formatted(server.url()));
        ModelCard card = ModelCardReader.read(file);
        try (Encoder e = RemoteInference.load(card, Map.of("EMBED_TOKEN", TOKEN))) {
            assertThat(e.encode(List.of(e.tokenize(Role.QUERY, "u")))[0]).containsExactly(0, 0, 0, 0, 1, 1);
        }
        assertThatThrownBy(() -> RemoteInference.load(card, Map.of()))
                .hasMessageContaining("field 'endpoint.tokenEnv': the variable EMBED_TOKEN is not set");
    }

    @Test
    void aBatchIsSplitByTheTextAndTokenBudgetsOfOneRequest() throws Exception {
        // without a tokenizer a text counts UTF-8 bytes / 4 rounded up: "aaaaaaaa" (8 bytes) 2 tokens, "ü" (2 bytes) 1
        ModelCard card = card("tei", ", \"maxTextsPerRequest\": 2, \"maxTokensPerRequest\": 3", ", \"normalize\": false");
        try (Encoder encoder = RemoteInference.load(card, Map.of())) {
            assertThat(encoder.tokenize(Role.DOCUMENT, "aaaaaaaa").length()).isEqualTo(2);
            assertThat(encoder.tokenize(Role.DOCUMENT, "ü").length()).isEqualTo(1);
            float[][] v = encoder.encode(List.of(encoder.tokenize(Role.DOCUMENT, "aaaaaaaa"), encoder.tokenize(Role.DOCUMENT, "aaaaaaaa"),
                    encoder.tokenize(Role.DOCUMENT, "e"), encoder.tokenize(Role.DOCUMENT, "i"), encoder.tokenize(Role.DOCUMENT, "o")));
            // tokens 2, 2, 1, 1, 1 with at most 3 tokens and 2 texts a request: [2], [2, 1], [1, 1]
            assertThat(server.requests()).isEqualTo(3);
            assertThat(server.bodies().get(1).path("inputs").toString()).isEqualTo("[\"aaaaaaaa\",\"e\"]");
            assertThat(v[0]).containsExactly(8, 0, 0, 0, 0, 1);
            assertThat(v[4]).containsExactly(0, 0, 0, 1, 0, 1);
        }
    }

    @Test
    void aVectorOfAnotherDimensionThanTheCardsFails() throws Exception {
        Path file = dir.resolve("wrong.json");
        Files.writeString(file, """
                {"kind": "remote", "id": "v", "languages": ["en"], "dimension": 8,
                 "endpoint": {"url": "%s", "protocol": "tei", "tokenFile": "token.txt"}}
                """.formatted(server.url()));
        assertThatThrownBy(() -> embed(ModelCardReader.read(file), List.of("x"), Role.QUERY))
                .hasMessageContaining("answered a vector of 6 dimensions").hasMessageContaining("says dimension 8");
    }

    @Test
    void theTokenFileIsNamedButNotReadOutWhenEmpty() throws Exception {
        ModelCard card = card("tei", "", "");
        Files.writeString(dir.resolve("token.txt"), "  \n");
        assertThatThrownBy(() -> RemoteInference.load(card, Map.of()))
                .hasMessageContaining("field 'endpoint.tokenFile' (token.txt) is empty");
        assertThat(new String(Files.readAllBytes(dir.resolve("model.json")), StandardCharsets.UTF_8)).doesNotContain(TOKEN);
    }
}
