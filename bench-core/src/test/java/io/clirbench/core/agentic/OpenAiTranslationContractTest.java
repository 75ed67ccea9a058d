package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.configure.OpenAiTranslationProvider;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.model.Document;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAI-compatible adapter against a local HTTP server that speaks the chat-completions protocol
 * ({@code POST /v1/chat/completions}, {@code choices[0].message.content}); the server "translates" by tagging
 * the text with the target language, so the test sees exactly what was sent and returned.
 */
class OpenAiTranslationContractTest {

    HttpServer server;
    final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    final List<String> authorizations = new CopyOnWriteArrayList<>();
    volatile int status = 200;
    volatile String cannedBody;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        JsonNode body = AgentJson.MAPPER.readTree(exchange.getRequestBody());
        requests.add(body);
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        String target = body.path("messages").path(0).path("content").asText().replaceAll("(?s).* into (\\w+)\\..*", "$1");
        String reply = cannedBody != null ? cannedBody : AgentJson.line(Map.of("choices", List.of(Map.of("index", 0,
                "message", Map.of("role", "assistant", "content", "[" + target + "] " + body.path("messages").path(1).path("content").asText())))));
        byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private OpenAiTranslationProvider provider() {
        return new OpenAiTranslationProvider("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/", "sk-test", "test-model",
                Duration.ofSeconds(10));
    }

    @Test
    void sendsAChatCompletionWithTheKeepIdsPromptAndReturnsTheContent() {
        String out = provider().translate("Doc 12 at https://x.org costs 3.5 EUR.", "en", "de");
        assertThat(out).isEqualTo("[de] Doc 12 at https://x.org costs 3.5 EUR.");
        JsonNode request = requests.get(0);
        assertThat(request.get("model").asText()).isEqualTo("test-model");
        assertThat(request.get("temperature").asInt()).isZero();
        assertThat(request.get("messages").get(0).get("role").asText()).isEqualTo("system");
        assertThat(request.get("messages").get(0).get("content").asText())
                .contains("from en into de", "identifier, URL", "number", "formula", "[de/p042]");
        assertThat(request.get("messages").get(1).get("role").asText()).isEqualTo("user");
        assertThat(authorizations.get(0)).isEqualTo("Bearer sk-test");
        assertThat(provider().name()).isEqualTo("openai/test-model");
    }

    @Test
    void anHttpErrorOrAnAnswerWithoutContentIsAClearError() {
        status = 500;
        cannedBody = "{\"error\": \"overloaded\"}";
        assertThatThrownBy(() -> provider().translate("x", "en", "de")).hasMessageContaining("answered HTTP 500")
                .hasMessageContaining("overloaded").hasMessageContaining("/v1/chat/completions");
        status = 200;
        cannedBody = "{\"choices\": []}";
        assertThatThrownBy(() -> provider().translate("x", "en", "de")).hasMessageContaining("without choices[0].message.content");
    }

    @Test
    void aConfigurationTranslatesOnlyWhatTheCorpusLacksAndRecordsTheProvider() {
        // evidence en/p0 has a German version; en/p1 has none: only en/p1 is sent to the provider
        List<Document> corpus = List.of(new Document("en/p0", null, "Paris.", "en", "p0", Map.of()),
                new Document("de/p0", null, "Paris (de).", "de", "p0", Map.of()),
                new Document("en/p1", null, "Rome 753 BC.", "en", "p1", Map.of()));
        AgentTask task = new AgentTask("t", Map.of("sourceLanguage", "en"), corpus,
                List.of(AgentFixtures.question("q0", "Paris"), AgentFixtures.question("q1", "Rome")),
                AgentFixtures.qrels("q0:en/p0:1", "q1:en/p1:1"), AgentFixtures.qrels("q0:en/p0:1", "q1:en/p1:1"), Map.of(), Map.of());
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(task, "multilingual", List.of("de"), 7, provider());
        assertThat(requests).hasSize(1);
        assertThat(built.configuration().versions()).containsEntry("en/p0", "de/p0").containsEntry("en/p1", "de/en/p1");
        assertThat(built.configuration().provenance()).containsEntry("de/p0", "corpus")
                .containsEntry("de/en/p1", "translation:openai/test-model");
        assertThat(built.translated()).singleElement().satisfies(d -> {
            assertThat(d.text()).isEqualTo("[de] Rome 753 BC.");
            assertThat(d.family()).isEqualTo("p1");
            assertThat(d.metadata()).containsEntry("provider", "openai/test-model").containsEntry("source_id", "en/p1");
        });
        AgentTask withTranslations = new AgentTask("t", task.info(),
                java.util.stream.Stream.concat(corpus.stream(), built.translated().stream()).toList(), task.queries(),
                task.evidence(), task.gold(), Map.of("multilingual", built.configuration()), Map.of());
        assertThat(ConfiguredCorpus.of(withTranslations, built.configuration())).extracting(Document::id)
                .containsExactly("de/p0", "de/en/p1");
    }

    @Test
    void withoutAProviderAMissingVersionIsAnError() {
        List<Document> corpus = List.of(new Document("en/p1", null, "Rome.", "en", "p1", Map.of()));
        AgentTask task = new AgentTask("t", Map.of(), corpus, List.of(AgentFixtures.question("q1", "Rome")),
                AgentFixtures.qrels("q1:en/p1:1"), AgentFixtures.qrels("q1:en/p1:1"), Map.of(), Map.of());
        assertThatThrownBy(() -> ConfigurationBuilder.build(task, "multilingual", List.of("fr"), 7, null))
                .hasMessageContaining("no 'fr' version of 'en/p1'").hasMessageContaining("no translation provider");
    }
}
