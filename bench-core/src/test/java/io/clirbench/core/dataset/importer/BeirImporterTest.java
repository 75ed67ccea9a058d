package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static io.clirbench.core.dataset.TestFiles.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class BeirImporterTest {

    @TempDir
    Path root;
    Path dir;

    @BeforeEach
    void writeBeirDirectory() {
        dir = root.resolve("scifact-mini");
        TestFiles.write(dir.resolve("corpus.jsonl"), lines(
                "{\"_id\": \"4983\", \"title\": \"Microstructural development\", \"text\": \"Alterations of the architecture\", \"metadata\": {}}",
                "{\"_id\": \"5836\", \"title\": \"\", \"text\": \"Induction of myelodysplasia\", \"lang\": \"de\", \"family\": \"fam-1\"}",
                ""));
        TestFiles.writeGzip(dir.resolve("queries.jsonl.gz"), lines(
                "{\"_id\": \"1\", \"text\": \"0-dimensional biomaterials\", \"metadata\": {\"split\": \"test\"}}",
                "{\"_id\": \"2\", \"text\": \"train only query\"}"));
        TestFiles.write(dir.resolve("qrels/test.tsv"), lines("query-id\tcorpus-id\tscore", "1\t4983\t1", "1\t5836\t0"));
    }

    @Test
    void importsWithDefaultLanguageAndOwnIdAsFamily() {
        Dataset dataset = new BeirImporter("test", "en", null, false).read(dir);
        assertThat(dataset.info().id()).isEqualTo("scifact-mini");
        assertThat(dataset.info().languages()).containsExactly("de", "en");
        assertThat(dataset.info().familyExpansion()).isFalse();
        assertThat(dataset.document("4983").lang()).isEqualTo("en");
        assertThat(dataset.document("4983").family()).isEqualTo("4983");
        assertThat(dataset.document("4983").metadata()).containsExactly(Map.entry("metadata", Map.of()));
        assertThat(dataset.document("5836").lang()).isEqualTo("de");
        assertThat(dataset.document("5836").family()).isEqualTo("fam-1");
        // query 2 is not judged in the test split: BEIR's loader drops it too
        assertThat(dataset.queries()).extracting(q -> q.id()).containsExactly("1");
        assertThat(dataset.query("1").metadata()).containsExactly(Map.entry("metadata", Map.of("split", "test")));
        assertThat(dataset.qrels().judgments("1")).containsExactly(Map.entry("4983", 1), Map.entry("5836", 0));
    }

    @Test
    void optionsSetIdAndFamilyExpansion() {
        Dataset dataset = new BeirImporter("test", "en", "mini", true).read(dir);
        assertThat(dataset.info().id()).isEqualTo("mini");
        assertThat(dataset.info().familyExpansion()).isTrue();
    }

    @Test
    void withoutDefaultLanguageEveryLineNeedsLang() {
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class,
                () -> new BeirImporter("test", null, null, false).read(dir));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "corpus.jsonl line 1: missing field 'lang'",
                "queries.jsonl.gz line 1: missing field 'lang'",
                "queries.jsonl.gz line 2: missing field 'lang'");
    }

    @Test
    void validatesLikeTheDatasetReader() {
        TestFiles.write(dir.resolve("qrels/test.tsv"), lines("query-id\tcorpus-id\tscore", "1\t9999\t1", "1\t4983\tx"));
        TestFiles.write(dir.resolve("corpus.jsonl"), lines(
                "{\"_id\": \"4983\", \"text\": \"a\"}", "{\"_id\": \"4983\", \"text\": \"b\", \"lang\": \"zh cn\"}"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class,
                () -> new BeirImporter("test", "en", null, false).read(dir));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "corpus.jsonl line 2: duplicate document id '4983' (first on line 1)",
                "corpus.jsonl line 2: language 'zh cn' is not a BCP-47 language tag or ISO 639 code (ill-formed at character 1)",
                "test.tsv line 2: unknown document id '9999'",
                "test.tsv line 3: score is not an integer: 'x'");
    }

    @Test
    void missingSplit() {
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class,
                () -> new BeirImporter("dev", "en", null, false).read(dir));
        assertThat(e.getMessage()).isEqualTo("dev.tsv: missing file: neither dev.tsv nor dev.tsv.gz exists in " + dir.resolve("qrels"));
    }
}
