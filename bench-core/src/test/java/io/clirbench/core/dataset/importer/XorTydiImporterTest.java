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

/** XOR-Retrieve's released files (fixture importers/xor-tydi: 4 questions in ja, ru, fi, ko; 5 English DPR passages). */
class XorTydiImporterTest {

    static final Path FIXTURE = Path.of("src/test/resources/importers/xor-tydi");

    @TempDir
    Path tmp;

    @Test
    void questionsInTheirLanguagesJudgedOnEnglishPassagesHoldingAnAnswer() {
        Dataset dataset = new XorTydiImporter(XorTydiImporter.DEFAULT_LICENSE).read(
                FIXTURE.resolve("xor_dev_retrieve_eng_span.jsonl"), FIXTURE.resolve("psgs_w100.tsv"), null);
        assertThat(dataset.info().languages()).containsExactly("en", "fi", "ja", "ru");
        // the Korean question's answer "Zanzibar Archipelago" is in no passage: no judgment, dropped
        assertThat(dataset.queries()).extracting(q -> q.lang()).containsExactly("ja", "ru", "fi");
        // "1954" is in passage 1 only ("1937" in 4); "Moscow" in 2 only (5 says "Russian capital"); "Helsinki" in 3
        assertThat(dataset.qrels().judgments("-7391405245476498624")).containsExactly(Map.entry("1", 1));
        assertThat(dataset.qrels().judgments("5838407536473468934")).containsExactly(Map.entry("2", 1));
        assertThat(dataset.query("-2918385416573913478").metadata()).containsEntry("answers", List.of("Helsinki"));
        // DPR's quoting undone: "... called ""There and Back Again""." -> ... called "There and Back Again".
        assertThat(dataset.document("4").text()).endsWith("called \"There and Back Again\".");
        assertThat(dataset.document("4").title()).isEqualTo("The Hobbit");
        assertThat(dataset.document("4").lang()).isEqualTo("en");
    }

    @Test
    void answersMatchAfterNfkcAndCase() {
        // full-width digits (NFKC folds them to 1954) and case
        assertThat(XorTydiImporter.normalized("ＭＯＳＣＯＷ  in １９５４")).isEqualTo("moscow in 1954");
    }

    @Test
    void badQuestionsAndPassagesAreNamed() {
        Path questions = TestFiles.write(tmp.resolve("q.jsonl"), TestFiles.lines(
                "{\"id\": \"1\", \"question\": \"?\", \"answers\": \"x\", \"lang\": \"ja\"}",
                "{\"id\": \"2\", \"question\": \"?\", \"answers\": [\"x\"], \"lang\": \"jp\"}"));
        Path passages = TestFiles.write(tmp.resolve("p.tsv"), TestFiles.lines("id\ttitle\ttext", "1\tx"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class,
                () -> new XorTydiImporter(null).read(questions, passages, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "p.tsv line 1: header must be 'id<TAB>text<TAB>title' (DPR psgs_w100.tsv), found 'id<TAB>title<TAB>text'",
                "p.tsv line 2: expected 3 tab-separated columns, found 2: '1<TAB>x'",
                "q.jsonl line 1: missing array 'answers'",
                "q.jsonl line 2: lang: language 'jp' is neither an ISO 639-1 nor an ISO 639-3 code, nor a language tag or English "
                        + "name of one");
    }
}
