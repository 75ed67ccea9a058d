package io.clirbench.cli.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

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
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Each collection importer end to end: {@code bench import <collection>} on the fixture written in the collection's released
 * layout (bench-core/src/test/resources/importers), then {@code bench eval} on a hand-written TREC run. Expected values are
 * worked out by hand in the comments (gain = grade, discount 1/log2(rank + 1), METRICS.md section 1); for NeuCLIR the
 * nDCG@20 also equals trec_eval's {@code -c -m ndcg_cut.20} on the imported qrels and the same run.
 */
class CollectionImportEvalTest {

    private static final Path FIXTURES = Path.of("..", "bench-core", "src", "test", "resources", "importers");
    private static final Path TREC_EVAL = Path.of("..", "..", "shared", "tools", "trec_eval");
    private static final double L3 = 1 / (Math.log(3) / Math.log(2)); // 1/log2(3) = 0.6309297536, the discount at rank 2

    @TempDir
    Path dir;

    @Test
    void miraclSwahiliDevThroughBenchEval() throws IOException {
        Path fixture = FIXTURES.resolve("miracl");
        Result imported = bench("import", "miracl", "--topics", fixture.resolve("miracl").toString(), "--corpus",
                fixture.resolve("miracl-corpus").toString(), "--lang", "swa", "--split", "dev", "--out", dir.resolve("ds").toString());
        assertThat(imported.code).as(imported.err).isZero();
        // 5 passages over docs-0 and docs-1, 2 topics, 5 qrels lines; swa (ISO 639-3) is sw
        assertThat(imported.out).contains("(miracl-sw-dev): 5 documents, 2 queries, 5 judgments");
        assertThat(Files.readString(dir.resolve("ds/dataset.json"))).contains("\"license\" : \"Apache-2.0\"");
        Path run = run("0 Q0 25#1 1 3.0 hand", "0 Q0 25#0 2 2.0 hand", "0 Q0 31#2 3 1.0 hand",
                "1 Q0 40#1 1 3.0 hand", "1 Q0 40#0 2 2.0 hand");
        JsonNode report = eval(dir.resolve("ds"), run, "nDCG@10,MRR@10");
        // q0: relevant 25#0, 31#2 at ranks 2, 3: (1/log2 3 + 1/log2 4) / (1 + 1/log2 3) = 1.1309298 / 1.6309298 = 0.6934264
        // q1: relevant 40#0 at rank 2: 1/log2 3 = 0.6309298; mean 0.6621781 (trec_eval -m ndcg_cut.10: 0.6622)
        assertThat(mean(report, "nDCG@10")).isCloseTo(((L3 + 0.5) / (1 + L3) + L3) / 2, within(1e-9));
        // first relevant at rank 2 in both: 1/2
        assertThat(mean(report, "MRR@10")).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void neuclirEnglishTopicsOverPersianAndChineseMatchTrecEvalNdcg20() throws IOException, InterruptedException {
        Path fixture = FIXTURES.resolve("neuclir");
        Result imported = bench("import", "neuclir", "--topics", fixture.resolve("topics.0720.utf8.jsonl").toString(),
                "--docs", "fas=" + fixture.resolve("fas.docs.jsonl"), "--docs", "zho=" + fixture.resolve("zho.docs.jsonl"),
                "--qrels", fixture.resolve("2022-qrels.all").toString(), "--out", dir.resolve("ds").toString());
        assertThat(imported.code).as(imported.err).isZero();
        // topic 202 is judged only on a Russian document, not imported: dropped; its judgment skipped (6 of 7 kept)
        assertThat(imported.out).contains("(neuclir-fa-zh): 7 documents, 2 queries, 6 judgments")
                .containsPattern("(?m)^en\\s+0\\s+2$").containsPattern("(?m)^fa\\s+4\\s+0$");
        String f = "6d1b3f0e-1c2a-4f5b-9a0e-000000000f0";
        String c = "a9e4c2d7-55b1-4c8e-8f3a-0000000000c";
        Path run = run("200 Q0 " + f + "2 1 10 hand", "200 Q0 " + f + "1 2 9 hand", "200 Q0 " + c + "3 3 8 hand",
                "200 Q0 " + c + "1 4 7 hand", "201 Q0 " + c + "2 1 5 hand", "201 Q0 " + f + "4 2 4 hand", "201 Q0 " + f + "3 3 3 hand");
        JsonNode report = eval(dir.resolve("ds"), run, "nDCG@20");
        // 200: grades 0, 3, -, 1 at ranks 1-4: (3/log2 3 + 1/log2 5) / (3 + 1/log2 3) = 2.3234665 / 3.6309298 = 0.6399093
        // 201: grades 3, -, 1 at ranks 1-3: (3 + 1/log2 4) / (3 + 1/log2 3 + 1/log2 4) = 3.5 / 4.1309298 = 0.8472669
        double expected = ((3 * L3 + 1 / (Math.log(5) / Math.log(2))) / (3 + L3) + 3.5 / (3 + L3 + 0.5)) / 2;
        assertThat(mean(report, "nDCG@20")).isCloseTo(expected, within(1e-9));
        // without --measures: the default set, then NeuCLIR's official nDCG@20 (the importer's "officialMeasures")
        assertThat(Files.readString(dir.resolve("ds/dataset.json"))).contains("\"officialMeasures\"");
        JsonNode byDefault = eval(dir.resolve("ds"), run, null);
        assertThat(byDefault.at("/standard/measureNames/0").asText()).isEqualTo("nDCG@10");
        assertThat(mean(byDefault, "nDCG@20")).isCloseTo(expected, within(1e-9));

        io.clirbench.core.testing.Peers.require(Files.isExecutable(TREC_EVAL), "trec_eval binary missing at " + TREC_EVAL.toAbsolutePath());
        // the same qrels: the imported dataset's, written as TREC qrels
        Dataset dataset = DatasetReader.read(dir.resolve("ds"));
        List<String> qrels = new ArrayList<>();
        dataset.qrels().asMap().forEach((q, judged) -> judged.forEach((d, grade) -> qrels.add(q + " 0 " + d + " " + grade)));
        Path qrelsFile = Files.write(dir.resolve("imported.qrels"), qrels);
        Process trecEval = new ProcessBuilder(TREC_EVAL.toString(), "-c", "-m", "ndcg_cut.20", qrelsFile.toString(), run.toString())
                .redirectErrorStream(true).start();
        String output = new String(trecEval.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(trecEval.waitFor(30, TimeUnit.SECONDS)).isTrue();
        // "ndcg_cut_20 <TAB> all <TAB> 0.7436": 4 decimals, METRICS.md section 1 acceptance
        double trecEvalValue = Double.parseDouble(output.strip().split("\\s+")[2]);
        assertThat(mean(report, "nDCG@20")).as(output).isCloseTo(trecEvalValue, within(0.00005));
    }

    @Test
    void xorTydiQuestionsAgainstEnglishPassagesThroughBenchEval() throws IOException {
        Path fixture = FIXTURES.resolve("xor-tydi");
        Result imported = bench("import", "xor-tydi", "--questions", fixture.resolve("xor_dev_retrieve_eng_span.jsonl").toString(),
                "--passages", fixture.resolve("psgs_w100.tsv").toString(), "--out", dir.resolve("ds").toString());
        assertThat(imported.code).as(imported.err).isZero();
        // answers 1954 -> passage 1, Moscow -> passage 2 only (5 says "Russian capital"), Helsinki -> 3;
        // "Zanzibar Archipelago" is in no passage: the Korean question is dropped
        assertThat(imported.out).contains("(xor-tydi-xor-dev-retrieve-eng-span): 5 documents, 3 queries, 3 judgments");
        assertThat(Files.readString(dir.resolve("ds/dataset.json"))).contains("\"license\" : \"CC-BY-SA-4.0\"");
        Path run = run("-7391405245476498624 Q0 4 1 2.0 hand", "-7391405245476498624 Q0 1 2 1.0 hand",
                "5838407536473468934 Q0 2 1 1.0 hand");
        JsonNode report = eval(dir.resolve("ds"), run, "MRR@10,R@1");
        // ja: relevant at rank 2 -> 1/2; ru: rank 1 -> 1; fi: not in the run -> 0 (trec_eval -c); mean 1.5 / 3
        assertThat(mean(report, "MRR@10")).isCloseTo(0.5, within(1e-9));
        // R@1: only ru -> 1/3
        assertThat(mean(report, "R@1")).isCloseTo(1.0 / 3, within(1e-9));
    }

    @Test
    void mtebSubsetsThroughBenchEval() throws IOException {
        Result imported = bench("import", "mteb", "--from", FIXTURES.resolve("mteb").toString(), "--split", "test",
                "--license", "CC-BY-4.0", "--out", dir.resolve("ds").toString());
        assertThat(imported.code).as(imported.err).isZero();
        // fas: 2 docs, 2 queries, 2 judgments (jsonl, score 1.0); zho-Hans: 2 docs, 1 query, 2 judgments (tsv)
        assertThat(imported.out).contains("(mteb): 4 documents, 3 queries, 4 judgments")
                .containsPattern("(?m)^zh\\s+2\\s+1$");
        Path run = run("fas:q1 Q0 fas:d2 1 2.0 hand", "fas:q1 Q0 fas:d1 2 1.0 hand", "fas:q2 Q0 fas:d2 1 1.0 hand",
                "zho-Hans:q1 Q0 zho-Hans:d2 1 2.0 hand", "zho-Hans:q1 Q0 zho-Hans:d1 2 1.0 hand");
        JsonNode report = eval(dir.resolve("ds"), run, "nDCG@10,Success@1");
        // fas:q1 relevant at rank 2: 1/log2 3; fas:q2 at rank 1: 1; zho-Hans:q1 (d2 graded 0) at rank 2: 1/log2 3
        assertThat(mean(report, "nDCG@10")).isCloseTo((L3 + 1 + L3) / 3, within(1e-9));
        assertThat(mean(report, "Success@1")).isCloseTo(1.0 / 3, within(1e-9));
    }

    @Test
    void irDatasetsExportThroughBenchEval() throws IOException {
        Path fixture = FIXTURES.resolve("ir-datasets");
        Result imported = bench("import", "ir-datasets", "--docs", fixture.resolve("docs.tsv").toString(),
                "--doc-fields", "doc_id,title,text", "--queries", fixture.resolve("queries.jsonl").toString(),
                "--qrels", fixture.resolve("qrels").toString(), "--lang", "deu", "--out", dir.resolve("ds").toString());
        assertThat(imported.code).as(imported.err).isZero();
        assertThat(imported.out).contains("(docs): 3 documents, 2 queries, 3 judgments").containsPattern("(?m)^de\\s+3\\s+2$");
        Path run = run("Q1 Q0 D2 1 2.0 hand", "Q1 Q0 D1 2 1.0 hand", "Q2 Q0 D1 1 2.0 hand", "Q2 Q0 D3 2 1.0 hand");
        JsonNode report = eval(dir.resolve("ds"), run, "nDCG@10");
        // Q1: D1 graded 2 at rank 2: 2/log2 3 over ideal 2 -> 1/log2 3; Q2: D3 graded 1 at rank 2 -> 1/log2 3
        assertThat(mean(report, "nDCG@10")).isCloseTo(L3, within(1e-9));
    }

    @Test
    void badInputExitsWithTheFileLineAndValueAndWritesNothing() throws IOException {
        Path topics = Files.writeString(dir.resolve("topics.jsonl"), "{\"topic_id\": \"1\", \"topics\": [{\"lang\": \"klingon\", "
                + "\"source\": \"original\", \"topic_title\": \"t\", \"topic_description\": \"d\"}]}\n");
        Path docs = Files.writeString(dir.resolve("docs.jsonl"), "{\"id\": \"d1\", \"title\": \"\", \"text\": \"x\"}\n");
        Path qrels = Files.writeString(dir.resolve("qrels"), "1 0 d1 1\n");
        Result result = bench("import", "neuclir", "--topics", topics.toString(), "--docs", "fas=" + docs, "--qrels",
                qrels.toString(), "--out", dir.resolve("out").toString());
        assertThat(result.code).isEqualTo(1);
        assertThat(result.err).contains("topics.jsonl line 1: topics[].lang: language 'klingon'").doesNotContain("Exception");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private JsonNode eval(Path dataset, Path run, String measures) throws IOException {
        Path out = dir.resolve("report-" + run.getFileName() + (measures == null ? "-default" : ""));
        List<String> args = new ArrayList<>(List.of("eval", "--dataset", dataset.toString(), "--run", run.toString(),
                "--out", out.toString()));
        if (measures != null) {
            args.addAll(List.of("--measures", measures));
        }
        Result result = bench(args.toArray(String[]::new));
        assertThat(result.code).as(result.err).isZero();
        return new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("runs").get(0);
    }

    private static double mean(JsonNode run, String measure) {
        JsonNode names = run.at("/standard/measureNames");
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).asText().equals(measure)) {
                return run.at("/standard/means/" + i).asDouble();
            }
        }
        throw new AssertionError("no measure " + measure + " in " + names);
    }

    private Path run(String... lines) throws IOException {
        return Files.write(dir.resolve("hand" + Math.abs(List.of(lines).hashCode()) + ".trec"), List.of(lines));
    }

    private record Result(int code, String out, String err) {
    }

    // both commands print to System.out (a command line made after it is replaced writes there too)
    private static Result bench(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            CommandLine commandLine = BenchCommand.commandLine();
            StringWriter err = new StringWriter();
            commandLine.setErr(new PrintWriter(err));
            int code = commandLine.execute(args);
            return new Result(code, captured.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }
}
