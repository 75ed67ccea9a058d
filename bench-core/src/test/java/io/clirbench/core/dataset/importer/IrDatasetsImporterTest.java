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

/** {@code ir_datasets export} output (fixture importers/ir-datasets: docs TSV with --fields doc_id title text, queries JSONL, qrels). */
class IrDatasetsImporterTest {

    static final Path FIXTURE = Path.of("src/test/resources/importers/ir-datasets");

    @TempDir
    Path tmp;

    @Test
    void tsvDocsJsonlQueriesAndTrecQrels() {
        Dataset dataset = new IrDatasetsImporter("de", null, List.of("doc_id", "title", "text"), null, "CC-BY-4.0")
                .read(FIXTURE.resolve("docs.tsv"), FIXTURE.resolve("queries.jsonl"), FIXTURE.resolve("qrels"), null);
        assertThat(dataset.info().id()).isEqualTo("docs");
        assertThat(dataset.document("D3").title()).isEqualTo("München");
        assertThat(dataset.document("D3").text()).isEqualTo("München ist die Landeshauptstadt des Freistaates Bayern.");
        assertThat(dataset.query("Q2").lang()).isEqualTo("de");
        assertThat(dataset.qrels().judgments("Q1")).containsExactly(Map.entry("D1", 2), Map.entry("D2", 0));
    }

    @Test
    void theDefaultGenericColumnsAndAnotherQueryLanguage() {
        Path docs = TestFiles.write(tmp.resolve("docs.tsv"), TestFiles.lines("7\tLe chat dort.", "8\tIl pleut."));
        Path queries = TestFiles.write(tmp.resolve("queries.tsv"), TestFiles.lines("1\tsleeping cat"));
        Path qrels = TestFiles.write(tmp.resolve("qrels.txt"), TestFiles.lines("1 0 7 1"));
        Dataset dataset = new IrDatasetsImporter("fra", "eng", null, null, null).read(docs, queries, qrels, "cat");
        assertThat(dataset.document("7").lang()).isEqualTo("fr");
        assertThat(dataset.query("1").lang()).isEqualTo("en");
    }

    @Test
    void wrongColumnsFieldsAndIdsAreNamed() {
        Path docs = TestFiles.write(tmp.resolve("docs.tsv"), TestFiles.lines("7\tLe chat dort.\textra"));
        Path queries = TestFiles.write(tmp.resolve("queries.jsonl"), TestFiles.lines("{\"query_id\": 1, \"text\": \"cat\"}"));
        Path qrels = TestFiles.write(tmp.resolve("qrels.txt"), TestFiles.lines("1 0 7 1", "2 0 7 1"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class,
                () -> new IrDatasetsImporter("fr", null, List.of("doc_id", "body"), null, null).read(docs, queries, qrels, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly("arguments: --doc-fields: the fields [doc_id, body] lack 'text'");
        e = catchThrowableOfType(DatasetFormatException.class,
                () -> new IrDatasetsImporter("fr", null, null, null, null).read(docs, queries, qrels, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "docs.tsv line 1: expected 2 tab-separated columns, found 3: '7<TAB>Le chat dort.<TAB>extra'");
        TestFiles.write(docs, TestFiles.lines("7\tLe chat dort."));
        // a numeric query_id (JSON number) reads as its text "1"; query 2 is not in the export
        e = catchThrowableOfType(DatasetFormatException.class,
                () -> new IrDatasetsImporter("fr", null, null, null, null).read(docs, queries, qrels, null));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly("qrels.txt line 2: unknown query id '2'");
    }
}
