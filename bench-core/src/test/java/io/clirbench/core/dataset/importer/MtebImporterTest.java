package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** MTEB v2's Hub layout exported as JSON Lines (fixture importers/mteb: subsets fas and zho-Hans). */
class MtebImporterTest {

    static final Path FIXTURE = Path.of("src/test/resources/importers/mteb");

    @TempDir
    Path tmp;

    @Test
    void subsetsBecomeLanguagesWithPrefixedIds() {
        Dataset dataset = new MtebImporter("test", null, null).read(FIXTURE, null);
        assertThat(dataset.info().id()).isEqualTo("mteb");
        assertThat(dataset.info().languages()).containsExactly("fa", "zh");
        assertThat(dataset.info().license()).isNull();
        assertThat(dataset.document("zho-Hans:d1").text()).isEqualTo("北京是中华人民共和国的首都。");
        assertThat(dataset.document("zho-Hans:d1").title()).isEqualTo("北京");
        // score 1.0 (float64 on the Hub) is grade 1; the TSV subset's 0 stays 0
        assertThat(dataset.qrels().judgments("fas:q1")).containsExactly(Map.entry("fas:d1", 1));
        assertThat(dataset.qrels().judgments("zho-Hans:q1")).containsExactly(Map.entry("zho-Hans:d1", 1), Map.entry("zho-Hans:d2", 0));
    }

    @Test
    void aSingleDirectoryTakesItsLanguageFromTheArgument() {
        Dataset dataset = new MtebImporter("test", "fas", "CC-BY-4.0").read(FIXTURE.resolve("fas"), "mini");
        assertThat(dataset.info().id()).isEqualTo("mini");
        assertThat(dataset.query("q2").lang()).isEqualTo("fa");
        assertThat(dataset.info().license()).isEqualTo("CC-BY-4.0");
    }

    @Test
    void crossLingualPairSubsetsGiveQueryAndDocumentLanguages() {
        Path pair = tmp.resolve("task/eng-deu");
        TestFiles.write(pair.resolve("corpus.jsonl"), TestFiles.lines("{\"_id\": \"d1\", \"title\": \"\", \"text\": \"Berlin ist groß.\"}"));
        TestFiles.write(pair.resolve("queries.jsonl"), TestFiles.lines("{\"_id\": \"q1\", \"text\": \"Is Berlin big?\"}"));
        TestFiles.write(pair.resolve("qrels/test.jsonl"), TestFiles.lines("{\"query-id\": \"q1\", \"corpus-id\": \"d1\", \"score\": 2}"));
        Dataset dataset = new MtebImporter("test", null, null).read(tmp.resolve("task"), null);
        assertThat(dataset.query("q1").lang()).isEqualTo("en");
        assertThat(dataset.document("d1").lang()).isEqualTo("de");
    }

    @Test
    void aFractionalScoreAnUnknownIdAndAMissingLanguageAreNamed() {
        Path dir = tmp.resolve("one");
        TestFiles.write(dir.resolve("corpus.jsonl"), TestFiles.lines("{\"_id\": \"d1\", \"text\": \"t\"}"));
        TestFiles.write(dir.resolve("queries.jsonl"), TestFiles.lines("{\"_id\": \"q1\", \"text\": \"q\"}"));
        TestFiles.write(dir.resolve("qrels/test.jsonl"), TestFiles.lines(
                "{\"query-id\": \"q1\", \"corpus-id\": \"d1\", \"score\": 0.5}", "{\"query-id\": \"q1\", \"corpus-id\": \"d9\", \"score\": 1}"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> new MtebImporter("test", null, null).read(dir, null));
        assertThat(e.getMessage()).contains("a single MTEB directory has no language field: give --lang");
        e = catchThrowableOfType(DatasetFormatException.class, () -> new MtebImporter("test", "en", null).read(dir, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "test.jsonl line 1: 'score' is not an integral number: '0.5'");
        TestFiles.write(dir.resolve("qrels/test.jsonl"), TestFiles.lines("{\"query-id\": \"q1\", \"corpus-id\": \"d9\", \"score\": 1}"));
        e = catchThrowableOfType(DatasetFormatException.class, () -> new MtebImporter("test", "en", null).read(dir, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly("test.jsonl line 1: unknown document id 'd9'");
    }
}
