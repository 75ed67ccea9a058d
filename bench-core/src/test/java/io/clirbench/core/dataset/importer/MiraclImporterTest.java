package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** MIRACL's released layout (fixture importers/miracl: Swahili dev, 3 + 2 passages in docs-0 and docs-1). */
class MiraclImporterTest {

    static final Path FIXTURE = Path.of("src/test/resources/importers/miracl");

    @TempDir
    Path tmp;

    @Test
    void readsTopicsQrelsAndEveryCorpusFile() {
        Dataset dataset = new MiraclImporter("dev", MiraclImporter.DEFAULT_LICENSE)
                .read(FIXTURE.resolve("miracl"), FIXTURE.resolve("miracl-corpus"), List.of("sw"), null);
        assertThat(dataset.info().id()).isEqualTo("miracl-sw-dev");
        assertThat(dataset.info().license()).isEqualTo("Apache-2.0");
        assertThat(dataset.info().languages()).containsExactly("sw");
        assertThat(dataset.corpus()).extracting(d -> d.id()).containsExactly("25#0", "25#1", "31#2", "40#0", "40#1");
        assertThat(dataset.document("40#0").title()).isEqualTo("Julius Nyerere");
        assertThat(dataset.document("40#0").family()).isEqualTo("40#0");
        assertThat(dataset.query("1").text()).isEqualTo("Nani alikuwa rais wa kwanza wa Tanzania?");
        assertThat(dataset.qrels().judgments("0")).containsExactly(Map.entry("25#0", 1), Map.entry("25#1", 0), Map.entry("31#2", 1));
    }

    @Test
    void aMissingLanguageAndAnUnmappableCodeAreNamed() {
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> new MiraclImporter("dev", null)
                .read(FIXTURE.resolve("miracl"), FIXTURE.resolve("miracl-corpus"), List.of("yo", "klingon"), null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly("arguments: --lang: language 'klingon' is neither "
                + "an ISO 639-1 nor an ISO 639-3 code, nor a language tag or English name of one");
        e = catchThrowableOfType(DatasetFormatException.class, () -> new MiraclImporter("dev", null)
                .read(FIXTURE.resolve("miracl"), FIXTURE.resolve("miracl-corpus"), List.of("yo"), null));
        assertThat(e.getMessage()).contains("miracl-corpus-v1.0-yo", "missing corpus directory");
    }

    @Test
    void badLinesAreNamedByFileLineAndValue() {
        Path topics = tmp.resolve("t/miracl-v1.0-sw");
        TestFiles.write(topics.resolve("topics/topics.miracl-v1.0-sw-dev.tsv"), TestFiles.lines("0\tswali", "1 no tab"));
        TestFiles.write(topics.resolve("qrels/qrels.miracl-v1.0-sw-dev.tsv"), TestFiles.lines("0 Q0 9#9 1", "0 Q0 1#0 x"));
        TestFiles.writeGzip(tmp.resolve("c/miracl-corpus-v1.0-sw/docs-0.jsonl.gz"),
                TestFiles.lines("{\"docid\": \"1#0\", \"title\": \"T\", \"text\": \"maandishi\"}", "{\"docid\": \"1#0\", \"text\": \"\"}"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> new MiraclImporter("dev", null)
                .read(tmp.resolve("t"), tmp.resolve("c"), List.of("sw"), null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "docs-0.jsonl.gz line 2: empty 'text'",
                "topics.miracl-v1.0-sw-dev.tsv line 2: expected 2 tab-separated columns, found 1: '1 no tab'",
                "qrels.miracl-v1.0-sw-dev.tsv line 2: relevance is not an integer: 'x'");
    }

    @Test
    void severalLanguagesPrefixTheirIds() {
        Path root = tmp.resolve("t");
        for (String lang : List.of("sw", "yo")) {
            Path release = root.resolve("miracl-v1.0-" + lang);
            TestFiles.write(release.resolve("topics/topics.miracl-v1.0-" + lang + "-dev.tsv"), TestFiles.lines("0\tq " + lang));
            TestFiles.write(release.resolve("qrels/qrels.miracl-v1.0-" + lang + "-dev.tsv"), TestFiles.lines("0\tQ0\t1#0\t1"));
            TestFiles.writeGzip(tmp.resolve("c/miracl-corpus-v1.0-" + lang + "/docs-0.jsonl.gz"),
                    TestFiles.lines("{\"docid\": \"1#0\", \"title\": \"T\", \"text\": \"text " + lang + "\"}"));
        }
        Dataset dataset = new MiraclImporter("dev", null).read(root, tmp.resolve("c"), List.of("sw", "yor"), null);
        // query 0 and passage 1#0 exist in both languages: prefixed, they stay apart
        assertThat(dataset.info().id()).isEqualTo("miracl-sw-yo-dev");
        assertThat(dataset.qrels().judgments("yo:0")).containsExactly(Map.entry("yo:1#0", 1));
        assertThat(dataset.document("sw:1#0").lang()).isEqualTo("sw");
    }
}
