package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What a new user trips over first in {@code bench eval}: extra dataset.json fields, missing text, id-scheme mistakes. */
class EvalInputWarningsTest {

    @TempDir
    Path dir;

    @Test
    void extraDatasetJsonFieldsAreAcceptedAndShown() throws IOException {
        Path dataset = dataset("{\"id\": \"tiny\", \"description\": \"Two queries\", \"seed\": 7, \"citation\": \"Doe 2026\"}",
                "{\"_id\": \"d1\", \"text\": \"one\", \"lang\": \"en\", \"family\": \"F1\"}");
        Path out = dir.resolve("out");
        Result result = bench("eval", "--dataset", dataset.toString(), "--run", run("q1 Q0 d1 1 9 t\nq2 Q0 d2 1 9 t\n").toString(),
                "--bootstrap", "0", "--out", out.toString());
        assertThat(result.exitCode).as(result.err).isZero();
        assertThat(result.out).contains("Also in dataset.json: description \"Two queries\"; seed 7; citation \"Doe 2026\"");
        assertThat(new ObjectMapper().readTree(out.resolve("report.json").toFile()).at("/dataset/extra/seed").asText()).isEqualTo("7");
    }

    @Test
    void missingOrEmptyTextIsAWarningWithFileAndLine() throws IOException {
        Path dataset = dataset("{\"id\": \"tiny\"}", "{\"_id\": \"d1\", \"lang\": \"en\", \"family\": \"F1\"}");
        Files.writeString(dataset.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "", "lang": "en"}
                {"_id": "q2", "text": "two", "lang": "en"}
                """);
        Result result = bench("eval", "--dataset", dataset.toString(), "--run", run("q1 Q0 d1 1 9 t\n").toString(),
                "--bootstrap", "0");
        assertThat(result.exitCode).as(result.err).isZero();
        assertThat(result.err).contains("warning: corpus.jsonl line 1: missing field 'text'",
                "warning: queries.jsonl line 1: empty text ''");
        // q1 finds d1 at rank 1, q2 has no list: Success@1 = 1/2 (trec_eval -c over both judged queries)
        assertThat(result.out).contains("0.500");
    }

    @Test
    void aRunOfAnotherIdSchemeIsSaidLoudlyWithExamplesAndFailsOnlyWithStrict() throws IOException {
        Path dataset = dataset("{\"id\": \"tiny\"}", "{\"_id\": \"d1\", \"text\": \"one\", \"lang\": \"en\", \"family\": \"F1\"}");
        Path run = run("1 Q0 d1 1 9 t\n2 Q0 doc-7 1 9 t\n");
        Result lenient = bench("eval", "--dataset", dataset.toString(), "--run", run.toString(), "--bootstrap", "0");
        assertThat(lenient.exitCode).as(lenient.err).isZero();
        assertThat(lenient.err).contains("WARNING: none of the 2 queries of " + run + " is judged in " + dataset,
                "run query ids: '1', '2'; judged query ids: 'q1', 'q2'",
                "1 retrieved document ids are not in the corpus", "'doc-7'");

        Result strict = bench("eval", "--dataset", dataset.toString(), "--run", run.toString(), "--bootstrap", "0", "--strict");
        assertThat(strict.exitCode).isEqualTo(1);
    }

    @Test
    void aMostlyUnknownRunIsAlsoSaid() throws IOException {
        Path dataset = dataset("{\"id\": \"tiny\"}", "{\"_id\": \"d1\", \"text\": \"one\", \"lang\": \"en\", \"family\": \"F1\"}");
        // 1 of 3 run queries is judged: 2 of 3 unknown > half
        Result result = bench("eval", "--dataset", dataset.toString(),
                "--run", run("q1 Q0 d1 1 9 t\nx2 Q0 d1 1 9 t\nx3 Q0 d1 1 9 t\n").toString(), "--bootstrap", "0");
        assertThat(result.err).contains("WARNING: 2 of the 3 queries of", "are not judged in");
        Result fine = bench("eval", "--dataset", dataset.toString(),
                "--run", run("q1 Q0 d1 1 9 t\nq2 Q0 d1 1 9 t\nx3 Q0 d1 1 9 t\n").toString(), "--bootstrap", "0");
        assertThat(fine.err).doesNotContain("WARNING");
    }

    private Path dataset(String info, String firstDocument) throws IOException {
        Path d = Files.createDirectories(dir.resolve("tiny"));
        Files.writeString(d.resolve("dataset.json"), info);
        Files.writeString(d.resolve("corpus.jsonl"), firstDocument + "\n"
                + "{\"_id\": \"d2\", \"text\": \"two\", \"lang\": \"en\", \"family\": \"F2\"}\n");
        Files.writeString(d.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "one", "lang": "en"}
                {"_id": "q2", "text": "two", "lang": "en"}
                """);
        Files.writeString(d.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n");
        return d;
    }

    private Path run(String lines) throws IOException {
        Path file = dir.resolve("run-" + Math.abs(lines.hashCode()) + ".trec");
        Files.writeString(file, lines);
        return file;
    }

    private record Result(int exitCode, String out, String err) {
    }

    private static Result bench(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        StringWriter picocliErr = new StringWriter();
        commandLine.setErr(new PrintWriter(picocliErr));
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = commandLine.execute(args);
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8) + picocliErr);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }
}
