package io.clirbench.cli.retrieval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ImportCommandTest {

    @TempDir
    Path tmp;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = new CommandLine(new ImportCommand());
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        return cmd.execute(args);
    }

    @Test
    void importsXquadAndPrintsCountsPerLanguage() {
        String from = Path.of(System.getProperty("shared.data"), "xquad").toString();
        Path dest = tmp.resolve("xq");
        assertThat(run("xquad", "--from", from, "--out", dest.toString(), "--questions-per-language", "10")).isZero();
        // 12 languages x 240 paragraphs; 12 x 10 sampled questions (shared/data/xquad/README.md)
        assertThat(out.toString()).contains("2,880 documents, 120 queries, 120 judgments")
                .containsPattern("(?m)^de\\s+240\\s+10$");
        assertThat(dest.resolve("LICENSE")).exists();
        assertThat(dest.resolve("README.md")).exists();

        // a second run without --force refuses and leaves the data alone
        assertThat(run("xquad", "--from", from, "--out", dest.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("not empty").contains("--force");
    }

    @Test
    void importsTheChemclirQacCsvInOneCommandAndBenchEvalReadsIt() {
        Path qac = Path.of(System.getProperty("shared.data"), "chemclir", "balanced_100_qac.csv");
        Path dest = tmp.resolve("chemclir");
        assertThat(run("chemclir-qac", "--qac", qac.toString(), "--out", dest.toString())).as(err.toString()).isZero();
        // shared/data/chemclir/README.md: 99 rows; question languages en 24, de 23, fr 24, es 28
        assertThat(out.toString()).contains("99 queries, 99 judgments").containsPattern("(?m)^es\\s+\\d+\\s+28$");
        assertThat(dest.resolve("queries.jsonl.gz").toFile().exists() || dest.resolve("queries.jsonl").toFile().exists()).isTrue();
        assertThat(io.clirbench.core.dataset.DatasetReader.readForEvaluation(dest, (f, l, w) -> { }).queries()).hasSize(99);
    }

    @Test
    void beirBadInputExitsNonZeroWithTheProblemsAndNoStackTrace() throws Exception {
        Path beir = tmp.resolve("beir");
        Files.createDirectories(beir.resolve("qrels"));
        Files.writeString(beir.resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"hello\"}\n");
        Files.writeString(beir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"hi\"}\n");
        Files.writeString(beir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\tX\t1\n");
        int code = run("beir", "--from", beir.toString(), "--lang", "en", "--out", tmp.resolve("o").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("error: test.tsv line 2: unknown document id 'X'" + System.lineSeparator());
        assertThat(tmp.resolve("o")).doesNotExist();
    }

    @Test
    void beirImport() throws Exception {
        Path beir = tmp.resolve("beir");
        Files.createDirectories(beir.resolve("qrels"));
        Files.writeString(beir.resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"hello\"}\n");
        Files.writeString(beir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"hi\"}\n");
        Files.writeString(beir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
        int code = run("beir", "--from", beir.toString(), "--lang", "en", "--out", tmp.resolve("o").toString(),
                "--id", "mini", "--family-expansion");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("(mini): 1 documents, 1 queries, 1 judgments");
        assertThat(Files.readString(tmp.resolve("o/dataset.json"))).contains("\"familyExpansion\" : true");
    }
}
