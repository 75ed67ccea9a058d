package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.configure.OraclePrompt;
import io.clirbench.core.agentic.configure.OracleSettings;
import io.clirbench.core.agentic.configure.OracleVariant;
import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.core.agentic.format.OracleFiles;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The oracle settings of a multilingual configuration worked by hand: q0's two evidence families were assigned de and
 * fr (mixed: left out of TQ+TP), q1's one family de. The provider tags a text with its target language and records
 * each request; a provider that drops a marker of the prompt is refused; the file round-trips and a bad one is an error
 * naming the file and the field.
 */
class OracleSettingsTest {

    @TempDir
    Path dir;

    private static final class Tagging implements TranslationProvider {
        final List<String> requests = new ArrayList<>();
        final boolean dropMarker;

        Tagging(boolean dropMarker) {
            this.dropMarker = dropMarker;
        }

        @Override
        public String name() {
            return "tag";
        }

        @Override
        public String translate(String text, String sourceLang, String targetLang) {
            requests.add(sourceLang + ">" + targetLang + ":" + text.substring(0, Math.min(12, text.length())));
            return "[" + targetLang + "] " + (dropMarker ? text.replace(OraclePrompt.DOCUMENTS, "") : text);
        }
    }

    private static AgentTask task() {
        List<Document> corpus = new ArrayList<>();
        for (String f : List.of("a", "b", "c")) {
            for (String l : List.of("en", "de", "fr")) {
                corpus.add(new Document(l + "/" + f, null, f + " in " + l, l, f, Map.of()));
            }
        }
        CorpusConfiguration multilingual = new CorpusConfiguration("multilingual", Map.of("en/a", "de", "en/b", "fr", "en/c", "de"),
                Map.of(), Map.of("en/a", "de/a", "en/b", "fr/b", "en/c", "de/c"), Map.of());
        return new AgentTask("t", Map.of("sourceLanguage", "en"), corpus,
                List.of(AgentFixtures.question("q0", "A"), AgentFixtures.question("q1", "C"), AgentFixtures.question("q2", "none")),
                AgentFixtures.qrels("q0:en/a:1", "q0:en/b:1", "q1:de/c:1", "q2:en/a:0"), AgentFixtures.qrels("q0:en/a:1"),
                Map.of("multilingual", multilingual), Map.of());
    }

    @Test
    void eachVariantGivesTheVersionsItNamesAndTqTpTranslatesQueryAndPromptOnce() {
        AgentTask task = task();
        OracleSettings.Variant oracle = OracleSettings.build(task, "multilingual", OracleVariant.ORACLE, null);
        // q0: de/a, fr/b (qrels order); q1: its judged de/c is of family c, held as de/c; q2: nothing above 0
        assertThat(oracle.queries()).extracting(OracleSettings.Query::docids).containsExactly(List.of("de/a", "fr/b"), List.of("de/c"));
        assertThat(oracle.skipped()).containsOnlyKeys("q2");
        OracleSettings.Variant en = OracleSettings.build(task, "multilingual", OracleVariant.EN_ORACLE, null);
        assertThat(en.queries()).extracting(OracleSettings.Query::docids).containsExactly(List.of("en/a", "en/b"), List.of("en/c"));

        Tagging provider = new Tagging(false);
        OracleSettings.Variant tq = OracleSettings.build(task, "multilingual", OracleVariant.ORACLE_TQ_TP, provider);
        assertThat(tq.skipped()).containsOnlyKeys("q0", "q2");
        assertThat(tq.skipped().get("q0")).contains("mixed");
        OracleSettings.Query q1 = tq.queries().get(0);
        assertThat(q1.language()).isEqualTo("de");
        assertThat(q1.query()).isEqualTo("[de] question q1");
        assertThat(q1.provenance()).containsEntry("query", "translation:tag").containsEntry("instructions", "translation:tag");
        assertThat(provider.requests).containsExactly("en>de:question q1", "en>de:Below are a ");
        String prompt = OraclePrompt.render(q1.instructions(), q1.query(), OracleSettings.documents(task, q1));
        assertThat(prompt).startsWith("[de] Below are a question").contains("Question: [de] question q1", "[de/c] c in de")
                .endsWith("Confidence: {your confidence score between 0% and 100% for your answer}");

        assertThatThrownBy(() -> OracleSettings.build(task, "multilingual", OracleVariant.ORACLE_TQ_TP, new Tagging(true)))
                .hasMessageContaining("lost the marker [[DOCUMENTS]]");
        assertThatThrownBy(() -> OracleSettings.build(task, "multilingual", OracleVariant.ORACLE_TQ_TP, null))
                .hasMessageContaining("no translation provider");
    }

    @Test
    void theFileRoundTripsAndABadOneNamesFileAndField() throws IOException {
        AgentTask task = task();
        OracleSettings.Variant tq = OracleSettings.build(task, "multilingual", OracleVariant.ORACLE_TQ_TP, new Tagging(false));
        OracleFiles.write(dir, tq);
        OracleSettings.Variant read = OracleFiles.read(dir, "multilingual", OracleVariant.ORACLE_TQ_TP);
        assertThat(read).isEqualTo(tq);

        Path file = OracleFiles.path(dir, "multilingual", OracleVariant.ORACLE_TQ_TP);
        String bad = Files.readString(file).replaceAll("\"docids\" : \\[\\s*\"de/c\"\\s*\\]", "\"docids\" : [ ]");
        assertThat(bad).isNotEqualTo(Files.readString(file));
        Files.writeString(file, bad);
        assertThatThrownBy(() -> OracleFiles.read(dir, "multilingual", OracleVariant.ORACLE_TQ_TP))
                .hasMessageContaining("configurations/multilingual/oracle/oracle-tq-tp.json").hasMessageContaining("queries[0]")
                .hasMessageContaining("docids");
        assertThatThrownBy(() -> OracleFiles.read(dir, "multilingual", OracleVariant.ORACLE))
                .hasMessageContaining("oracle.json: no such file").hasMessageContaining("--oracle");
    }
}
