package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.model.Document;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A configuration asks the translation port only for the versions the corpus lacks and records the provider. The
 * provider here "translates" by tagging the text with the target language and records what it was asked; the
 * OpenAI-compatible provider is tested against a chat-completions server in the openai-client module.
 */
class ConfigurationTranslationTest {

    /** Tags the text with the target language; records each request as {@code source>target:text}. */
    private static final class TaggingProvider implements TranslationProvider {
        final List<String> requests = new CopyOnWriteArrayList<>();

        @Override
        public String name() {
            return "tagging/test";
        }

        @Override
        public String translate(String text, String sourceLang, String targetLang) {
            requests.add(sourceLang + ">" + targetLang + ":" + text);
            return "[" + targetLang + "] " + text;
        }
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
        TaggingProvider provider = new TaggingProvider();
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(task, "multilingual", List.of("de"), 7, provider);
        assertThat(provider.requests).containsExactly("en>de:Rome 753 BC.");
        assertThat(built.configuration().versions()).containsEntry("en/p0", "de/p0").containsEntry("en/p1", "de/en/p1");
        assertThat(built.configuration().provenance()).containsEntry("de/p0", "corpus")
                .containsEntry("de/en/p1", "translation:tagging/test");
        assertThat(built.translated()).singleElement().satisfies(d -> {
            assertThat(d.text()).isEqualTo("[de] Rome 753 BC.");
            assertThat(d.family()).isEqualTo("p1");
            assertThat(d.metadata()).containsEntry("provider", "tagging/test").containsEntry("source_id", "en/p1");
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
