package io.clirbench.encoders.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.testing.EmbeddingsServer;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardException;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.Role;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench model add --remote URL --card FILE}: a catalogue card's conventions lent to a served model, checked on
 * the written card and on what a real HTTP server started here ({@link EmbeddingsServer}) receives. The expected
 * prefixes and instruction are the published ones (CatalogueConventionsTest.PUBLISHED cites the model cards).
 */
class CatalogueCardTest {

    static final Path CARDS = Path.of(System.getProperty("project.root", ".."), "encoders", "model-cards");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** What {@code RemoteModelOptions.card} writes for {@code --remote URL --protocol P --id ID} and nothing else. */
    static ObjectNode remote(String id, String url, String protocol) {
        ObjectNode card = JSON.createObjectNode().put("kind", "remote").put("id", id);
        card.putArray("languages").add("multilingual");
        ObjectNode endpoint = card.putObject("endpoint").put("url", url).put("protocol", protocol);
        if (protocol.equals("openai")) {
            endpoint.put("model", id);
        }
        return card;
    }

    @Test
    void multilingualE5OnTeiGetsItsPrefixesLengthNormalisationAndDimension() throws Exception {
        try (EmbeddingsServer server = EmbeddingsServer.start(null)) {
            ObjectNode card = CatalogueCard.lend(remote("me5-small-tei", server.url(), "tei"), CARDS.resolve("multilingual-e5-small.json"));
            RemoteCardImport.Result r = RemoteCardImport.run(dir.resolve("model.json"), null, card, Map.of());
            ModelCard written = ModelCardReader.read(dir.resolve("model.json"));
            assertThat(written.kind()).isEqualTo(ModelCard.Kind.REMOTE);
            assertThat(written.dimension()).isEqualTo(384);
            assertThat(written.maxTokens()).isEqualTo(512);
            assertThat(written.normalize()).isTrue();
            assertThat(written.apply(Role.QUERY, "Datei")).isEqualTo("query: Datei");
            assertThat(written.apply(Role.DOCUMENT, "Datei")).isEqualTo("passage: Datei");
            assertThat(written.description()).startsWith("intfloat/multilingual-e5-small").contains("pooling (mean)");
            assertThat(JSON.readTree(dir.resolve("model.json").toFile()).path("source").asText())
                    .isEqualTo("https://huggingface.co/intfloat/multilingual-e5-small");
            assertThat(r.queryVector()).isNull();
            assertThat(server.requests()).as("no probe: the endpoint was not called").isZero();
        }
    }

    @Test
    void qwen3OnAnOpenAiEndpointSendsTheInstructionOnQueriesOnly() throws Exception {
        try (EmbeddingsServer server = EmbeddingsServer.start(null)) {
            ObjectNode card = remote("qwen3-vllm", server.url(), "openai");
            // an explicit --dimension wins over the card's 1024 (the test server answers 6 components)
            card.put("dimension", 6);
            CatalogueCard.lend(card, CARDS.resolve("qwen3-embedding-0.6b.json"));
            RemoteCardImport.Result r = RemoteCardImport.run(dir.resolve("model.json"), "Datei", card, Map.of());
            assertThat(server.bodies()).hasSize(2);
            assertThat(server.bodies().get(0).path("input").get(0).asText()).isEqualTo(
                    "Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery:Datei");
            assertThat(server.bodies().get(1).path("input").get(0).asText()).isEqualTo("Datei");
            // "Datei": a 1, e 1, i 1, bias 1 = (1,1,1,0,0,1), norm 2, normalised by the card -> 0.5 each
            assertThat(r.documentVector()).containsExactly(new float[] {0.5f, 0.5f, 0.5f, 0, 0, 0.5f}, within(1e-6f));
            assertThat(r.card().maxTokens()).isEqualTo(32768);
            assertThat(r.card().description()).contains("last-token, left padding");
        }
    }

    @Test
    void aMatryoshkaSizeIsAskedOfAnOpenAiServerAndTeiKeepsTheNativeSize() throws Exception {
        Path gemma = CARDS.resolve("embeddinggemma-300m.json");
        ObjectNode openai = CatalogueCard.lend(remote("gemma", "http://vllm:8000", "openai"), gemma);
        assertThat(openai.path("dimension").asInt()).isEqualTo(256);
        assertThat(openai.path("endpoint").path("dimensions").asInt()).isEqualTo(256);
        assertThat(openai.path("query").path("prefix").asText()).isEqualTo("task: search result | query: ");
        assertThat(openai.path("document").path("prefix").asText()).isEqualTo("title: none | text: ");
        ObjectNode tei = CatalogueCard.lend(remote("gemma", "http://tei:80", "tei"), gemma);
        assertThat(tei.path("dimension").asInt()).isEqualTo(768);
        assertThat(tei.path("endpoint").has("dimensions")).isFalse();
        // bge-m3 has no prefix: none is written; paraphrase-multilingual is not normalised
        ObjectNode bge = CatalogueCard.lend(remote("bge", "http://tei:80", "tei"), CARDS.resolve("bge-m3.json"));
        assertThat(bge.has("query")).isFalse();
        assertThat(bge.has("document")).isFalse();
        assertThat(bge.path("maxTokens").asInt()).isEqualTo(8192);
        ObjectNode minilm = CatalogueCard.lend(remote("pm", "http://tei:80", "tei"), CARDS.resolve("paraphrase-multilingual-minilm-l12-v2.json"));
        assertThat(minilm.path("normalize").asBoolean(true)).isFalse();
        assertThat(minilm.path("maxTokens").asInt()).isEqualTo(128);
    }

    @Test
    void explicitOptionsWin() {
        ObjectNode card = remote("e5", "http://tei:80", "tei");
        card.put("maxTokens", 256);
        card.putObject("query").put("prefix", "q: ");
        CatalogueCard.lend(card, CARDS.resolve("multilingual-e5-base.json"));
        assertThat(card.path("maxTokens").asInt()).isEqualTo(256);
        assertThat(card.path("query").path("prefix").asText()).isEqualTo("q: ");
        assertThat(card.path("document").path("prefix").asText()).isEqualTo("passage: ");
    }

    @Test
    void aMissingOrNonBiEncoderCardIsNamed() throws Exception {
        Path missing = dir.resolve("no-such-card.json");
        assertThatThrownBy(() -> CatalogueCard.lend(remote("x", "http://tei:80", "tei"), missing))
                .isInstanceOf(ModelCardException.class).hasMessageContaining(missing + ": cannot read model card");
        Path remoteCard = dir.resolve("remote.json");
        java.nio.file.Files.writeString(remoteCard, remote("r", "http://tei:80", "tei").put("dimension", 8).toString());
        assertThatThrownBy(() -> CatalogueCard.lend(remote("x", "http://tei:80", "tei"), remoteCard))
                .isInstanceOf(ModelCardException.class)
                .hasMessageContaining(remoteCard + ": field 'kind' is \"remote\": only a bi-encoder card's conventions");
    }
}
