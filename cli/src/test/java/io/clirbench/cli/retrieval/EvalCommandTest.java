package io.clirbench.cli.retrieval;

import io.clirbench.cli.BenchCommand;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench eval} end to end on a hand-made dataset written as files. The dataset and run are
 * those of bench-core's LanguageFixture; the expected numbers are worked out by hand below.
 *
 * <pre>
 * query lang gold (family expansion)   ranks in the run    f_S  f_X
 * q1    en   d1-en S, d1-de X          1, 5                1    5
 * q2    en   d2-en S, d2-de X          7, 2                7    2
 * q3    de   d1-de S, d1-en X          3, 12 (> N = 10)    3    inf
 * q4    en   d3-de X (no-home)         4                   -    4
 * q5    de   d2-de S, d2-en X          2, 1                2    1
 * </pre>
 */
class EvalCommandTest {

    @TempDir
    Path dir;

    @Test
    void evaluatesARunAgainstADatasetAndWritesEveryReport() throws IOException {
        Path dataset = writeDataset();
        Path run = writeRun(false);
        Path out = dir.resolve("out");

        Result result = bench("eval", "--dataset", dataset.toString(), "--run", run.toString(), "--depth", "10",
                "--out", out.toString(), "--slice", "mode");

        assertThat(result.exitCode).as(result.err).isZero();
        assertThat(result.out).contains("R@10_cross", "k80_same", "XRC50", "degenerate");
        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        JsonNode run0 = json.get("runs").get(0);
        assertThat(run0.get("name").asText()).isEqualTo("fixture");
        JsonNode language = run0.get("language");
        // R@10_cross per query: q1 1, q2 1, q3 0, q4 1, q5 1 -> en 1, de 1/2 -> balanced 0.75, pooled 0.8.
        assertThat(language.at("/recall/R@10_cross/balanced").asDouble()).isCloseTo(0.75, within(1e-9));
        assertThat(language.at("/recall/R@10_cross/pooled").asDouble()).isCloseTo(0.8, within(1e-9));
        // LT% = 100 * 0.75 / 1.0
        assertThat(language.get("ltPercent").asDouble()).isCloseTo(75.0, within(1e-9));
        // k80_same over Dom_SX: f_S {1, 7, 3, 2}, index ceil(3.2) - 1 = 3 -> 7; k80_cross censored.
        assertThat(language.at("/depths/kSame/rank").asInt()).isEqualTo(7);
        assertThat(language.at("/depths/kCross/censored").asBoolean()).isTrue();
        // XRC50 = D_0.5{1,2,4,5,inf} / D_0.5{1,2,3,7} = 4 / 2
        assertThat(language.at("/depths/xrc/value").asDouble()).isCloseTo(2.0, within(1e-9));
        // Knee of RRC {1: .2, 2: .4, 3: .4, 5: .8, 10: .8} is K = 5.
        assertThat(language.at("/recoverability/knee").asInt()).isEqualTo(5);
        // Standard Success@1 over the 5 judged queries: q1 (d1-en) and q5 (d2-en, gold by expansion) -> 2/5.
        int success1 = measureIndex(run0, "Success@1");
        assertThat(run0.at("/standard/means/" + success1).asDouble()).isCloseTo(0.4, within(1e-9));
        // Slice mode=b is q2 and q4 (both en).
        assertThat(run0.at("/slices/mode/b/queries").asInt()).isEqualTo(2);
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Language-aware retrieval", "Route grid R@10");
        assertThat(Files.readAllLines(out.resolve("metrics.csv"))).contains("fixture,,,R@10_cross,0.75,5");
        assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(2);
        // every export by default; MTEB's subsets are the query languages; the LaTeX table has the balanced
        // R@10_cross (0.75, above) with its interval
        JsonNode mteb = new ObjectMapper().readTree(out.resolve("export/mteb/fixture.json").toFile());
        assertThat(mteb.at("/scores/test/0/hf_subset").asText()).isEqualTo("de");
        assertThat(mteb.at("/scores/test/1/hf_subset").asText()).isEqualTo("en");
        assertThat(out.resolve("export/tables.tex")).content().containsPattern("fixture & .* & 0\\.750 \\[0\\.\\d{3}, \\d\\.\\d{3}\\]");
        assertThat(out.resolve("export/trec_eval/fixture.txt")).isRegularFile();
        assertThat(out.resolve("export/ranx/fixture.run.json")).isRegularFile();
        assertThat(out.resolve("export/ranx/qrels.json")).isRegularFile();
    }

    @Test
    void formatChoosesTheExportsAndTheTrecEvalOneIsTrecEvalsOutput() throws IOException {
        Path fixture = Path.of(System.getProperty("shared.data"), "trec-eval", "c-tricky");
        Path out = dir.resolve("exports");

        Result result = bench("eval", "--qrels", fixture.resolve("qrels.txt").toString(), "--run",
                fixture.resolve("run.txt").toString(), "--measures", "nDCG@10,nDCG@100,R@1,R@5,R@10,R@100,R@1000,P@1,P@5,P@10,"
                        + "MRR,MAP,Success@1,Success@5,Success@10,MRR@10", "--out", out.toString(), "--format", "trec-eval",
                "--format", "latex");

        assertThat(result.exitCode).as(result.err).isZero();
        // expected.q.txt is trec_eval 10.0's own -q -c output on these files (shared/data/trec-eval/README.md)
        assertThat(out.resolve("export/trec_eval/run.txt")).content().isEqualTo(Files.readString(fixture.resolve("expected.q.txt")));
        assertThat(out.resolve("export/tables.tex")).isRegularFile();
        assertThat(out.resolve("export/mteb")).doesNotExist();
        assertThat(out.resolve("export/ranx")).doesNotExist();
    }

    @Test
    void anUnknownFormatOrAFormatWithoutOutIsRefusedBeforeAnythingIsRead() {
        Result unknown = bench("eval", "--qrels", "missing.txt", "--run", "missing.run", "--out", dir.resolve("o").toString(),
                "--format", "mteb,csv");
        assertThat(unknown.exitCode).isEqualTo(2);
        assertThat(unknown.err).contains("--format: unknown export format 'csv'; valid formats: mteb, ranx, trec-eval, latex");
        Result noOut = bench("eval", "--qrels", "missing.txt", "--run", "missing.run", "--format", "latex");
        assertThat(noOut.exitCode).isEqualTo(2);
        assertThat(noOut.err).contains("--format writes into the report directory: give --out DIR");
        assertThat(dir.resolve("o")).doesNotExist();
    }

    @Test
    void aRunWithADuplicateDocumentIsRejectedAndWritesNothing() throws IOException {
        Path dataset = writeDataset();
        Path run = writeRun(true);
        Path out = dir.resolve("out");

        Result result = bench("eval", "--dataset", dataset.toString(), "--run", run.toString(), "--out", out.toString());

        assertThat(result.exitCode).isEqualTo(1);
        assertThat(result.err).contains("fixture.trec", "line", "d1-en").doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }

    @Test
    void aMissingRunFileIsNamed() throws IOException {
        Result result = bench("eval", "--dataset", writeDataset().toString(), "--run", dir.resolve("nope.trec").toString());
        assertThat(result.exitCode).isEqualTo(1);
        assertThat(result.err).contains("nope.trec");
    }

    @Test
    void datasetAndQrelsAreExclusive() throws IOException {
        Result result = bench("eval", "--qrels", "a", "--dataset", "b", "--run", "c");
        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.err).contains("mutually exclusive");
    }

    private static int measureIndex(JsonNode run, String name) {
        JsonNode names = run.at("/standard/measureNames");
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).asText().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no measure " + name);
    }

    private Path writeDataset() throws IOException {
        Path d = Files.createDirectories(dir.resolve("fixture-dataset"));
        Files.writeString(d.resolve("dataset.json"), """
                {"id": "fixture", "name": "Fixture", "version": "1", "license": "CC0-1.0", "source": "hand-made",
                 "languages": ["de", "en"], "familyExpansion": true}
                """);
        List<String> corpus = new ArrayList<>();
        for (String[] doc : new String[][] {{"d1-en", "en", "F1"}, {"d1-de", "de", "F1"}, {"d2-en", "en", "F2"},
                {"d2-de", "de", "F2"}, {"d3-de", "de", "F3"}}) {
            corpus.add(String.format("{\"_id\": \"%s\", \"text\": \"text of %s\", \"lang\": \"%s\", \"family\": \"%s\"}",
                    doc[0], doc[0], doc[1], doc[2]));
        }
        for (int i = 1; i <= 12; i++) {
            String id = String.format("n%02d", i);
            corpus.add(String.format("{\"_id\": \"%s\", \"text\": \"noise\", \"lang\": \"%s\", \"family\": \"%s\"}",
                    id, i % 2 == 0 ? "en" : "de", id));
        }
        Files.write(d.resolve("corpus.jsonl"), corpus);
        Files.writeString(d.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "question one", "lang": "en", "mode": "a"}
                {"_id": "q2", "text": "question two", "lang": "en", "mode": "b"}
                {"_id": "q3", "text": "question three", "lang": "de", "mode": "a"}
                {"_id": "q4", "text": "question four", "lang": "en", "mode": "b"}
                {"_id": "q5", "text": "question five", "lang": "de", "mode": "a"}
                """);
        Files.writeString(d.resolve("qrels.tsv"),
                "query-id\tcorpus-id\tscore\nq1\td1-en\t1\nq2\td2-de\t2\nq3\td1-de\t1\nq4\td3-de\t1\nq5\td2-de\t1\n");
        return d;
    }

    /** The run of the table above, 12 documents per query, noise filling the other ranks. */
    private Path writeRun(boolean withDuplicate) throws IOException {
        Map<String, Map<Integer, String>> placed = Map.of(
                "q1", Map.of(1, "d1-en", 5, "d1-de"), "q2", Map.of(2, "d2-de", 7, "d2-en"),
                "q3", Map.of(3, "d1-de", 12, "d1-en"), "q4", Map.of(4, "d3-de"), "q5", Map.of(1, "d2-en", 2, "d2-de"));
        StringBuilder run = new StringBuilder();
        for (String q : List.of("q1", "q2", "q3", "q4", "q5")) {
            int noise = 1;
            for (int rank = 1; rank <= 12; rank++) {
                String doc = placed.get(q).getOrDefault(rank, String.format("n%02d", noise++));
                if (withDuplicate && q.equals("q1") && rank == 9) {
                    doc = "d1-en";
                }
                run.append(String.format("%s Q0 %s %d %d fixture%n", q, doc, rank, 100 - rank));
            }
        }
        Path file = dir.resolve("fixture.trec");
        Files.writeString(file, run);
        return file;
    }

    private record Result(int exitCode, String out, String err) {
    }

    private static Result bench(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        StringWriter err = new StringWriter();
        commandLine.setErr(new PrintWriter(err));
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = commandLine.execute(args);
            return new Result(code, captured.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }
}
