package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.dataset.importer.NeuclirImporter.QueryText;
import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** NeuCLIR's released files (fixture importers/neuclir: 3 topics, 4 Persian and 3 Chinese documents, one qrels file). */
class NeuclirImporterTest {

    static final Path FIXTURE = Path.of("src/test/resources/importers/neuclir");
    static final String F1 = "6d1b3f0e-1c2a-4f5b-9a0e-000000000f01";

    @TempDir
    Path tmp;

    private static Dataset persian(QueryText text, String topicLang) {
        return new NeuclirImporter(text, topicLang, NeuclirImporter.DEFAULT_LICENSE).read(FIXTURE.resolve("topics.0720.utf8.jsonl"),
                Map.of("fas", FIXTURE.resolve("fas.docs.jsonl")), FIXTURE.resolve("2022-qrels.all"), null);
    }

    @Test
    void englishTitleAndDescriptionAgainstPersianDocuments() {
        Dataset dataset = persian(QueryText.TITLE_DESCRIPTION, "eng");
        assertThat(dataset.info().id()).isEqualTo("neuclir-fa");
        assertThat(dataset.info().license()).isEqualTo("ODC-BY-1.0");
        assertThat(dataset.info().languages()).containsExactly("en", "fa");
        // 202 has no judgment on a Persian document: dropped
        assertThat(dataset.queries()).extracting(q -> q.id()).containsExactly("200", "201");
        assertThat(dataset.query("200").text())
                .isEqualTo("air pollution school closures Find reports of schools closed because of air pollution.");
        assertThat(dataset.query("200").lang()).isEqualTo("en");
        assertThat(dataset.query("200").metadata()).containsEntry("topic_source", "original");
        // the Chinese judgments of 200 and 201 are skipped: their documents are not imported
        assertThat(dataset.qrels().judgments("200")).containsExactly(Map.entry(F1, 3),
                Map.entry("6d1b3f0e-1c2a-4f5b-9a0e-000000000f02", 0));
        assertThat(dataset.document(F1).title()).isEqualTo("آلودگی هوای تهران");
        assertThat(dataset.document(F1).metadata()).containsEntry("url", "https://example.ir/1");
        assertThat(dataset.document(F1).family()).isEqualTo(F1);
    }

    @Test
    void theHumanTranslationInPersianAsQueriesForTheMonolingualTask() {
        Dataset dataset = persian(QueryText.TITLE, "fas");
        assertThat(dataset.query("201").text()).isEqualTo("ظرفیت انرژی خورشیدی");
        assertThat(dataset.query("201").lang()).isEqualTo("fa");
        assertThat(dataset.query("201").metadata()).containsEntry("topic_source", "human translation");
        assertThat(QueryText.parse("description")).isEqualTo(QueryText.DESCRIPTION);
    }

    @Test
    void badTopicsAndDocumentsAreNamedByFileLineAndValue() {
        Path topics = TestFiles.write(tmp.resolve("topics.jsonl"), TestFiles.lines(
                "{\"topic_id\": \"1\", \"topics\": [{\"lang\": \"eng\", \"source\": \"original\", \"topic_title\": \"t\"}]}",
                "{\"topic_id\": \"2\", \"topics\": [{\"lang\": \"xxx\", \"source\": \"original\", \"topic_title\": \"t\", "
                        + "\"topic_description\": \"d\"}]}",
                "{\"topic_id\": \"3\"}"));
        Path docs = TestFiles.write(tmp.resolve("fas.jsonl"), TestFiles.lines("{\"id\": \"d 1\", \"text\": \"x\"}", "{\"text\": \"y\"}"));
        Path qrels = TestFiles.write(tmp.resolve("qrels"), TestFiles.lines("1 0 d1"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> new NeuclirImporter(
                QueryText.TITLE_DESCRIPTION, "eng", null).read(topics, Map.of("fas", docs), qrels, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "fas.jsonl line 1: id 'd 1' is empty or contains white space or a control character (ids go into TREC and TSV files)",
                "fas.jsonl line 2: missing field 'id'",
                "topics.jsonl line 1: missing field 'topic_description'",
                "topics.jsonl line 2: topics[].lang: language 'xxx' is neither an ISO 639-1 nor an ISO 639-3 code, nor a language "
                        + "tag or English name of one",
                "topics.jsonl line 2: no topic entry in language 'en'",
                "topics.jsonl line 3: missing array 'topics'",
                "qrels line 1: expected 4 columns 'qid iter docid rel', found 3: '1 0 d1'");
    }
}
