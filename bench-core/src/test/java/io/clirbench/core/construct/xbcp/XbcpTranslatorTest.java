package io.clirbench.core.construct.xbcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.llm.Budget;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.CallJournal;
import io.clirbench.core.llm.LlmMessage;
import io.clirbench.core.llm.LlmPort;
import io.clirbench.core.llm.LlmReply;
import io.clirbench.core.llm.ModelRef;
import io.clirbench.core.llm.UnusableReplyException;
import io.clirbench.core.construct.xbcp.TranslationRequest.Part;
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
        public LlmReply complete(List<LlmMessage> messages, io.clirbench.core.llm.Decoding decoding) {
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
                    XbcpTranslator.prompts(null), 2, 3, XbcpTranslator.DEFAULT_CHUNK_CHARS, BuildProgress.NONE);
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
                Path.of("src/main/resources/io/clirbench/core/construct/prompts/xbcp/title.txt"))));
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
                    XbcpTranslator.prompts(null), 1, 2, XbcpTranslator.DEFAULT_CHUNK_CHARS, BuildProgress.NONE);
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

    /** A long document: three paragraphs of 2,500 characters (a letter repeated, one sentence each) and one short one. */
    private static String longText() {
        return "A" + "a".repeat(2498) + ".\n\n" + "B" + "b".repeat(2498) + ".\n\n" + "C" + "c".repeat(2498) + ".\n\nEnd of the story.";
    }

    private static AgentTask longTask() {
        List<Document> corpus = List.of(new Document("en/p1", null, longText(), "en", "p1", Map.of()));
        EvidenceQrels qrels = EvidenceQrels.ofGrades(Map.of("q1", Map.of("en/p1", 1)));
        return new AgentTask("t", Map.of("sourceLanguage", "en"), corpus, List.of(new GroundTruth("q1", "letters?", "A", "en")),
                qrels, qrels, Map.of(), Map.of());
    }

    @Test
    void aLongDocumentIsCutAtParagraphsTranslatedChunkByChunkAndJoinedWithItsSeparators() throws Exception {
        // 6,000 characters a chunk: paragraph A (2,499 + 1 + "\n\n" = 2,502) and B (2,502) fit together (5,004; with C 7,506
        // would not); C (2,502) and "End of the story." (17) make the second chunk. The concatenation is the text.
        List<String> chunks = TextChunks.split(longText(), "en", 6000);
        assertThat(chunks).hasSize(2);
        assertThat(chunks.get(0)).hasSize(5004).startsWith("Aaa").endsWith("b.\n\n");
        assertThat(String.join("", chunks)).isEqualTo(longText());
        Script model = new Script(user -> "[de] " + user);
        List<Translation> done;
        try (BuildLlm llm = new BuildLlm(Map.of("translator", model), CallJournal.open(dir.resolve("calls.jsonl")), Budget.unlimited())) {
            List<TranslationRequest> plan = XbcpTranslator.plan(longTask(), "multilingual", List.of("de"), 7);
            assertThat(XbcpTranslator.calls(plan.get(0), 6000)).isEqualTo(2);
            done = XbcpTranslator.translate(plan, llm, XbcpTranslator.prompts(null), 1, 2, 6000, BuildProgress.NONE);
        }
        // two calls, each with its chunk's wording stripped of the separator after it
        assertThat(model.asked).hasSize(2);
        assertThat(model.asked.get(0)).startsWith("Aaa").endsWith("b.");
        assertThat(model.asked.get(1)).startsWith("Ccc").endsWith("End of the story.");
        Translation t = done.get(0);
        assertThat(t.ok()).isTrue();
        assertThat(t.chunks()).isEqualTo(2);
        assertThat(t.text()).isEqualTo("[de] A" + "a".repeat(2498) + ".\n\n" + "B" + "b".repeat(2498) + ".\n\n[de] C" + "c".repeat(2498)
                + ".\n\nEnd of the story.");
        var built = XbcpTranslator.configuration(longTask(), "multilingual", List.of("de"), 7, done, new ModelRef("tr-test", ""));
        assertThat(built.translated().get(0).metadata()).containsEntry("chunks", 2).containsEntry("attempts", 2);
    }

    @Test
    void aSentenceLongerThanTheChunkIsCutAtWhitespaceAndASingleSentenceParagraphAtSentenceEnds() {
        // one paragraph of three sentences of 150 characters: cut between sentences (ICU), 2 per 300-character chunk
        String s = ("x".repeat(148) + ". ").repeat(3).strip();
        List<String> bySentence = TextChunks.split(s, "en", 300);
        assertThat(bySentence).hasSize(2);
        assertThat(bySentence.get(0)).hasSize(300);
        assertThat(String.join("", bySentence)).isEqualTo(s);
        // one 25-word "sentence" of 9 characters a word + space (250): cut at the last space before 100 characters
        String words = "abcdefgh ".repeat(25).strip();
        List<String> byWords = TextChunks.split(words, "en", 100);
        assertThat(byWords).allSatisfy(c -> assertThat(c.length()).isLessThanOrEqualTo(100));
        assertThat(byWords.get(0)).isEqualTo("abcdefgh ".repeat(11)); // 99 characters, ending at a space
        assertThat(String.join("", byWords)).isEqualTo(words);
    }

    @Test
    void aReplyCutAtTheOutputLimitIsNeverAcceptedEvenWhenItPassesEveryOtherCheck() throws Exception {
        // the server says finish_reason 'length' on the first answer: it is asked again (attempt 2, with the correction)
        List<String> reasons = new CopyOnWriteArrayList<>();
        LlmPort cutOnce = new LlmPort() {
            @Override
            public String model() {
                return "tr-test";
            }

            @Override
            public LlmReply complete(List<LlmMessage> messages, io.clirbench.core.llm.Decoding decoding) {
                boolean first = messages.size() == 2;
                reasons.add(first ? "length" : "stop");
                return new LlmReply("[de] " + messages.get(1).content(), 10, 5, first ? "length" : "stop");
            }
        };
        List<Translation> done;
        try (BuildLlm llm = new BuildLlm(Map.of("translator", cutOnce), CallJournal.open(dir.resolve("cut.jsonl")), Budget.unlimited())) {
            done = XbcpTranslator.translate(XbcpTranslator.plan(task(), "multilingual", List.of("de"), 7).subList(0, 1), llm,
                    XbcpTranslator.prompts(null), 1, 1, XbcpTranslator.DEFAULT_CHUNK_CHARS, BuildProgress.NONE);
        }
        // one attempt allowed: the cut reply is the last, so the text is rejected, saying why
        assertThat(done.get(0).ok()).isFalse();
        assertThat(done.get(0).rejection()).contains("cut off at the output limit (finish_reason 'length')");
        try (BuildLlm llm = new BuildLlm(Map.of("translator", cutOnce), CallJournal.open(dir.resolve("cut.jsonl")), Budget.unlimited())) {
            done = XbcpTranslator.translate(XbcpTranslator.plan(task(), "multilingual", List.of("de"), 7).subList(0, 1), llm,
                    XbcpTranslator.prompts(null), 1, 2, XbcpTranslator.DEFAULT_CHUNK_CHARS, BuildProgress.NONE);
        }
        // resumed from the journal (the cut reply is cached with its finish reason), the second attempt is accepted
        assertThat(reasons).containsExactly("length", "stop");
        assertThat(done.get(0).ok()).isTrue();
        assertThat(done.get(0).attempts()).isEqualTo(2);
        assertThat(Files.readString(dir.resolve("cut.jsonl"))).contains("\"finish_reason\":\"length\"");
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
