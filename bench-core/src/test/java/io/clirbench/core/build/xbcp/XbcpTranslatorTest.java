package io.clirbench.core.build.xbcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.build.llm.Budget;
import io.clirbench.core.build.llm.BuildLlm;
import io.clirbench.core.build.llm.BuildProgress;
import io.clirbench.core.build.llm.CallJournal;
import io.clirbench.core.build.llm.LlmMessage;
import io.clirbench.core.build.llm.LlmPort;
import io.clirbench.core.build.llm.LlmReply;
import io.clirbench.core.build.llm.ModelRef;
import io.clirbench.core.build.llm.UnusableReplyException;
import io.clirbench.core.build.xbcp.TranslationRequest.Part;
import io.clirbench.core.model.Document;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The title of an XBCP translation: planned as a request of its own after its document's text when the source title is
 * not blank, translated through {@link BuildLlm} (journal, retries), and carried by the translated document with its own
 * provenance. The "model" is a script in the test ({@code [de] } before the user message); the pipeline is real.
 */
class XbcpTranslatorTest {

    @TempDir
    Path dir;

    /** Three English evidence documents, titled "Rome", blank-titled and untitled; one question judges all three. */
    private static AgentTask task() {
        List<Document> corpus = List.of(new Document("en/p1", "Rome", "Rome was founded in 753 BC.", "en", "p1", Map.of()),
                new Document("en/p2", "  ", "Paris is on the Seine.", "en", "p2", Map.of()),
                new Document("en/p3", null, "Run `make` in Oslo.", "en", "p3", Map.of()));
        EvidenceQrels qrels = EvidenceQrels.ofGrades(Map.of("q1", Map.of("en/p1", 1, "en/p2", 1, "en/p3", 1)));
        return new AgentTask("t", Map.of("sourceLanguage", "en"), corpus, List.of(new GroundTruth("q1", "cities?", "Rome", "en")),
                qrels, qrels, Map.of(), Map.of());
    }

    /** A translator that answers {@code reply} of the last user message and records every request's user message. */
    private static final class Script implements LlmPort {
        final List<String> asked = new CopyOnWriteArrayList<>();
        final UnaryOperator<String> reply;

        Script(UnaryOperator<String> reply) {
            this.reply = reply;
        }

        @Override
        public String model() {
            return "tr-test";
        }

        @Override
        public LlmReply complete(List<LlmMessage> messages, io.clirbench.core.build.llm.Decoding decoding) {
            String user = messages.get(1).content();
            asked.add(user);
            return new LlmReply(reply.apply(user), 10, 5);
        }
    }

    @Test
    void aTitleIsPlannedAfterItsTextOnlyWhenTheSourceTitleIsNotBlank() {
        // one target language: all three documents go to de (multilingual round-robin over one language); the builder
        // asks in docid order, and only en/p1 has a non-blank title
        List<TranslationRequest> plan = XbcpTranslator.plan(task(), "multilingual", List.of("de"), 7);
        assertThat(plan).extracting(r -> r.sourceId() + ":" + r.part() + ":" + r.text()).containsExactly(
                "en/p1:TEXT:Rome was founded in 753 BC.", "en/p1:TITLE:Rome", "en/p2:TEXT:Paris is on the Seine.",
                "en/p3:TEXT:Run `make` in Oslo.");
        assertThat(plan).allSatisfy(r -> assertThat(r.targetLang()).isEqualTo("de"));
    }

    @Test
    void theTranslatedDocumentCarriesItsTranslatedTitleAndTheTitlesProvenance() throws Exception {
        Script model = new Script(user -> "[de] " + user);
        List<Translation> done;
        try (BuildLlm llm = new BuildLlm(Map.of("translator", model), CallJournal.open(dir.resolve("calls.jsonl")), Budget.unlimited())) {
            done = XbcpTranslator.translate(XbcpTranslator.plan(task(), "multilingual", List.of("de"), 7), llm,
                    XbcpTranslator.prompts(null), 2, 3, BuildProgress.NONE);
        }
        // 3 texts + 1 title = 4 calls, each answered at once
        assertThat(model.asked).hasSize(4).contains("Rome");
        var built = XbcpTranslator.configuration(task(), "multilingual", List.of("de"), 7, done, new ModelRef("tr-test", ""));
        Map<String, Document> byId = new java.util.HashMap<>();
        built.translated().forEach(d -> byId.put(d.id(), d));
        Document rome = byId.get("de/en/p1");
        assertThat(rome.title()).isEqualTo("[de] Rome");
        assertThat(rome.text()).isEqualTo("[de] Rome was founded in 753 BC.");
        String titleSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(
                Path.of("src/main/resources/io/clirbench/core/build/prompts/xbcp/title.txt"))));
        assertThat(rome.metadata()).containsEntry("title_prompt_id", "xbcp-title").containsEntry("title_prompt_version", "1")
                .containsEntry("title_prompt_sha256", titleSha).containsEntry("title_attempts", 1)
                .containsEntry("prompt_id", "xbcp-translate").containsEntry("model", "tr-test");
        assertThat(byId.get("de/en/p2").title()).isNull();
        assertThat(byId.get("de/en/p3").title()).isNull();
        assertThat(byId.get("de/en/p3").metadata()).doesNotContainKey("title_prompt_id");
    }

    @Test
    void aTitleReplyOnTwoLinesIsAskedAgainThenRejectedAndTheConfigurationRefused() throws Exception {
        // the title request is answered on two lines every time: with 2 attempts, 3 texts + 2 title calls = 5 calls
        Script model = new Script(user -> user.startsWith("Rome") && !user.contains("753") ? "Rom\n(Rome)" : "[de] " + user);
        List<Translation> done;
        try (BuildLlm llm = new BuildLlm(Map.of("translator", model), CallJournal.open(dir.resolve("calls.jsonl")), Budget.unlimited())) {
            done = XbcpTranslator.translate(XbcpTranslator.plan(task(), "multilingual", List.of("de"), 7), llm,
                    XbcpTranslator.prompts(null), 1, 2, BuildProgress.NONE);
        }
        assertThat(model.asked).hasSize(5);
        Translation title = done.get(1);
        assertThat(title.request().part()).isEqualTo(Part.TITLE);
        assertThat(title.ok()).isFalse();
        assertThat(title.attempts()).isEqualTo(2);
        assertThat(title.rejection()).isEqualTo("the title's translation has 2 lines; answer with the translated title alone, on one line");
        assertThat(done).filteredOn(Translation::ok).hasSize(3);
        assertThatThrownBy(() -> XbcpTranslator.configuration(task(), "multilingual", List.of("de"), 7, done, new ModelRef("tr-test", "")))
                .hasMessageContaining("title translation of en/p1 was rejected");
    }

    @Test
    void aTitleIsOneLineWithoutAddedQuotesAndKeepsItsCodeAndFormulas() throws Exception {
        TranslationRequest r = new TranslationRequest("en/p9", "en", "fr", Part.TITLE, "The `make` target and $x_1$");
        assertThat(TranslationReply.usable(r, "  La cible `make` et $x_1$ \n")).isEqualTo("La cible `make` et $x_1$");
        assertThatThrownBy(() -> TranslationReply.usable(r, "La cible make et $x_1$")).isInstanceOf(UnusableReplyException.class)
                .hasMessage("the title's translation does not keep, exactly as written, `make`");
        assertThatThrownBy(() -> TranslationReply.usable(r, "« La cible `make` et $x_1$ »")).isInstanceOf(UnusableReplyException.class)
                .hasMessageContaining("wrapped in quotation marks");
        assertThatThrownBy(() -> TranslationReply.usable(r, " ")).hasMessage("the title's translation is empty");
        // a source title in quotes may stay in quotes
        TranslationRequest quoted = new TranslationRequest("en/p9", "en", "de", Part.TITLE, "\"Faust\"");
        assertThat(TranslationReply.usable(quoted, "„Faust“")).isEqualTo("„Faust“");
        // a text may span lines
        TranslationRequest text = new TranslationRequest("en/p9", "en", "de", Part.TEXT, "One.\nTwo.");
        assertThat(TranslationReply.usable(text, "Eins.\nZwei.")).isEqualTo("Eins.\nZwei.");
    }
}
