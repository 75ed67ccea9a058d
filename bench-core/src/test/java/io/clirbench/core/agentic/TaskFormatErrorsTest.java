package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.dataset.DatasetFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agentic task layout is validated as a whole: each problem names its file, line and value. */
class TaskFormatErrorsTest {

    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private void validTask() throws IOException {
        write("dataset.json", """
                {"id": "t", "kind": "agentic", "languages": ["en", "de"], "configurations": ["original", "cross-lingual"]}
                """);
        write("corpus.jsonl", """
                {"_id": "en/p0", "text": "Paris is the capital.", "lang": "en", "family": "p0"}
                {"_id": "de/p0", "text": "Paris ist die Hauptstadt.", "lang": "de", "family": "p0"}
                {"_id": "en/p1", "text": "Rome is old.", "lang": "en", "family": "p1"}
                """);
        write("queries.jsonl", "{\"_id\": \"q1\", \"text\": \"capital?\", \"lang\": \"en\", \"answer\": \"Paris\"}\n");
        write("qrels-evidence.tsv", "query-id\tcorpus-id\tscore\nq1\ten/p0\t1\n");
        write("qrels-gold.tsv", "query-id\tcorpus-id\tscore\nq1\ten/p0\t1\n");
        write("configurations/original/configuration.json", "{\"name\": \"original\", \"versions\": {}, \"provenance\": {}}");
        write("configurations/cross-lingual/configuration.json",
                "{\"name\": \"cross-lingual\", \"versions\": {\"en/p0\": \"de/p0\"}, \"provenance\": {\"de/p0\": \"corpus\"}}");
        write("configurations/cross-lingual/lang_assignment.json", "{\"en/p0\": \"de\"}");
        write("configurations/cross-lingual/query_lang_assignment.json", "{\"q1\": \"de\"}");
    }

    @Test
    void aValidTaskReads() throws IOException {
        validTask();
        AgentTask task = AgentTaskReader.read(dir);
        assertThat(task.queries()).singleElement().satisfies(q -> assertThat(q.answer()).isEqualTo("Paris"));
        assertThat(task.configuration("cross-lingual").versions()).containsEntry("en/p0", "de/p0");
        assertThatThrownBy(() -> task.configuration("multilingual")).hasMessageContaining("has no configuration 'multilingual'");
    }

    @Test
    void theInfoFileMustDeclareAnAgenticTask() throws IOException {
        validTask();
        write("dataset.json", "{\"id\": \"t\", \"kind\": \"retrieval\", \"languages\": [\"zh cn\"], \"configurations\": []}");
        assertThatThrownBy(() -> AgentTaskReader.read(dir)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("dataset.json: field 'kind' must be \"agentic\", found \"retrieval\"")
                .hasMessageContaining("dataset.json: field 'languages': language 'zh cn' is not a BCP-47 language tag or ISO 639 code")
                .hasMessageContaining("dataset.json: field 'configurations' must be a non-empty array");
    }

    @Test
    void queriesNeedAnswersAndQrelsKnownIds() throws IOException {
        validTask();
        write("queries.jsonl", "{\"_id\": \"q1\", \"text\": \"capital?\", \"lang\": \"en\"}\n");
        write("qrels-evidence.tsv", "query-id\tcorpus-id\tscore\nq1\ten/p9\t1\n");
        assertThatThrownBy(() -> AgentTaskReader.read(dir)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("queries.jsonl: query 'q1': missing or non-string field 'answer'")
                .hasMessageContaining("qrels-evidence.tsv line 2").hasMessageContaining("en/p9");
    }

    @Test
    void configurationsAreCheckedAgainstCorpusQueriesAndEvidence() throws IOException {
        validTask();
        write("configurations/cross-lingual/lang_assignment.json", "{\"en/p0\": \"deutsch\", \"en/p1\": \"de\"}");
        write("configurations/cross-lingual/query_lang_assignment.json", "{\"q9\": \"de\"}");
        write("configurations/cross-lingual/configuration.json",
                "{\"name\": \"cross-lingual\", \"versions\": {\"en/p0\": \"xx/p0\"}, \"provenance\": {}}");
        java.nio.file.Files.delete(dir.resolve("configurations/original/configuration.json"));
        assertThatThrownBy(() -> AgentTaskReader.read(dir)).isInstanceOf(DatasetFormatException.class)
                // 'original' without any file is valid (it assigns nothing): ARCHITECTURE.md defines no file for it
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("configurations/original"))
                .hasMessageContaining("configurations/cross-lingual/lang_assignment.json: docid 'en/p0': language 'deutsch' is not a language ICU knows")
                .hasMessageContaining("configurations/cross-lingual/lang_assignment.json: docid 'en/p1' is not an evidence document")
                .hasMessageContaining("configurations/cross-lingual/query_lang_assignment.json: unknown query id 'q9'")
                .hasMessageContaining("'en/p0' maps to 'xx/p0', which is neither in the corpus nor a recorded translation");
    }

    @Test
    void translatedDocumentsOfAConfigurationJoinTheCorpusAndMustNotReuseAnId() throws IOException {
        validTask();
        write("configurations/cross-lingual/configuration.json", "{\"name\": \"cross-lingual\", \"versions\": {\"en/p0\": \"de/en/p0\"}, "
                + "\"provenance\": {\"de/en/p0\": \"translation:openai/m\"}}");
        write("configurations/cross-lingual/translated.jsonl",
                "{\"_id\": \"de/en/p0\", \"text\": \"Paris ist die Hauptstadt.\", \"lang\": \"de\", \"family\": \"p0\", \"provider\": \"openai/m\"}\n");
        AgentTask task = AgentTaskReader.read(dir);
        assertThat(task.corpus()).extracting(d -> d.id()).contains("de/en/p0");
        assertThat(task.configuration("cross-lingual").provenance()).containsEntry("de/en/p0", "translation:openai/m");
        write("configurations/cross-lingual/translated.jsonl",
                "{\"_id\": \"de/p0\", \"text\": \"Paris.\", \"lang\": \"de\", \"family\": \"p0\", \"provider\": \"openai/m\"}\n");
        assertThatThrownBy(() -> AgentTaskReader.read(dir))
                .hasMessageContaining("configurations/cross-lingual/translated.jsonl: docid 'de/p0' is already in the corpus");
    }
}
