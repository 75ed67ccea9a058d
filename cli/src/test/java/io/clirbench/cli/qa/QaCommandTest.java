package io.clirbench.cli.qa;

import io.clirbench.cli.BenchCommand;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench qa eval|audit|import} end to end on the shipped xquad-mix and the shared parity files; {@code bench qa run}'s
 * checks made before any gateway is asked.
 */
class QaCommandTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path MIX = ROOT.resolve("datasets/xquad-mix");
    private static final Path PARITY = Path.of(System.getProperty("shared.data")).resolve("qa-parity");

    @TempDir
    Path tmp;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    private int bench(String... args) {
        CommandLine cmd = BenchCommand.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        return cmd.execute(args);
    }

    @Test
    void evalOnXquadMixPrintsThePerConditionTableWithIntervalsAndWritesTheReports() throws IOException {
        Path report = tmp.resolve("report");
        int code = bench("qa", "eval", "--dataset", MIX.toString(), "--pred", MIX.resolve("predictions/oracle.jsonl").toString(),
                "--pred", MIX.resolve("predictions/lexical-overlap.jsonl").toString(), "--bootstrap", "1000", "--out", report.toString());
        assertThat(code).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text).contains("condition", "answer F1", "macro [95% CI]", "support F1", "joint F1")
                .contains("S0 fully-monolingual", "S1 multilingual-distractors-only", "S3 full-mismatch-single-evidence-language",
                        "gold-aligned-no-distractors")
                .containsPattern("(?m)^overall\\s+1152\\s+1\\.0000\\s+1\\.0000 \\[1\\.0000, 1\\.0000\\]\\*")
                // the lexical baseline predicts no answer: its table shows the selection measures (support P, R, F1 with
                // a real BCa interval, no fallback star; EM; answer-para R) and one line says how to add a reader
                .containsPattern("(?m)^condition\\s+n\\s+support P\\s+support R\\s+support F1\\s+macro \\[95% CI\\]\\s+support EM\\s+answer-para R$")
                .containsPattern("(?m)^S0 fully-monolingual\\s+288\\s+0\\.\\d{4}\\s+0\\.\\d{4}\\s+0\\.\\d{4}\\s+0\\.\\d{4} \\[0\\.\\d{4}, 0\\.\\d{4}\\]\\s+0\\.\\d{4}\\s+[01]\\.\\d{4}$")
                .contains("lexical-overlap predicted no answer (no reader ran)", "To add a reader: ./bench qa run --dataset DIR --reader NAME")
                .contains("oracle − lexical-overlap");
        for (String file : new String[] {"report.json", "report.md", "report.html", "summary.csv", "per-example.csv"}) {
            assertThat(report.resolve(file)).isNotEmptyFile();
        }
        JsonNode json = new ObjectMapper().readTree(report.resolve("report.json").toFile());
        JsonNode lexical = json.get("systems").get(1);
        assertThat(lexical.get("name").asText()).isEqualTo("lexical-overlap");
        assertThat(lexical.get("count").asInt()).isEqualTo(1152);
        assertThat(lexical.get("by_language_condition").get("fully-monolingual").get("n").asInt()).isEqualTo(288);
        assertThat(lexical.get("intervals").size()).isPositive();
        assertThat(json.get("comparisons").size()).isEqualTo(10); // 1 pair x 2 F1s x (overall + 4 conditions)
        assertThat(Files.readAllLines(report.resolve("per-example.csv"))).hasSize(1 + 2 * 1152);
    }

    @Test
    void theHotpotProtocolThroughTheCommandLineGivesTheOfficialScriptsNumbers() throws IOException {
        Path dataset = tmp.resolve("hp");
        assertThat(bench("qa", "import", "hotpot", "--from", PARITY.resolve("hp-basic/gold.json").toString(), "--lang", "en", "--out",
                dataset.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("wrote " + dataset + ": 70 instances");
        Path report = tmp.resolve("report");
        assertThat(bench("qa", "eval", "--dataset", dataset.toString(), "--pred", PARITY.resolve("hp-basic/pred.json").toString(),
                "--protocol", "hotpot", "--bootstrap", "0", "--out", report.toString())).as(err.toString()).isZero();
        JsonNode got = new ObjectMapper().readTree(report.resolve("report.json").toFile()).get("systems").get(0).get("hotpot_metrics");
        JsonNode want = new ObjectMapper().readTree(PARITY.resolve("hp-basic/expected-official.json").toFile()).get("metrics");
        for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            assertThat(got.get(e.getKey()).asDouble()).as(e.getKey()).isCloseTo(e.getValue().asDouble(),
                    org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    @Test
    void aBadDatasetIsOneClearErrorAndWritesNothing() throws IOException {
        Path dataset = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dataset.resolve("dataset.json"), "{\"id\": \"bad\", \"kind\": \"qa\"}");
        Files.writeString(dataset.resolve("instances.jsonl"), "{\"id\": \"a\", \"question\": \"Q\", \"answer\": \"A\", "
                + "\"question_language\": \"en\", \"answer_language\": \"fr\", \"candidates\": [], \"supporting_facts\": []}\n");
        Path pred = Files.writeString(tmp.resolve("p.jsonl"), "{\"id\": \"a\", \"answer\": \"A\"}\n");
        Path report = tmp.resolve("report");
        assertThat(bench("qa", "eval", "--dataset", dataset.toString(), "--pred", pred.toString(), "--out", report.toString())).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("bench qa eval: instances.jsonl line 1: question_language 'en' differs from answer_language 'fr'"
                + System.lineSeparator());
        assertThat(report).doesNotExist();
    }

    @Test
    void aBadImportLeavesTheTargetDirectoryAlone() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("target"));
        Path marker = Files.writeString(target.resolve("keep.txt"), "old");
        Path bad = Files.writeString(tmp.resolve("bad.json"), "[{\"_id\": \"x\", \"question\": \"Q\", \"answer\": \"A\", "
                + "\"supporting_facts\": [[\"Nope\", 0]], \"context\": [[\"T\", [\"s\"]]]}]");
        assertThat(bench("qa", "import", "hotpot", "--from", bad.toString(), "--lang", "en", "--out", target.toString(), "--force")).isEqualTo(1);
        assertThat(err.toString()).contains("bad.json line 1: supporting fact title 'Nope' is not the title of any context paragraph");
        try (var files = Files.list(target)) {
            assertThat(files.toList()).containsExactly(marker);
        }
    }

    @Test
    void auditReportsEveryGateOnXquadMixAndImportReadsXhotpotqaExports() {
        assertThat(bench("qa", "audit", MIX.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("1152 instances").containsPattern("(?m)^empty-text\\s+0$")
                .containsPattern("(?m)^support-out-of-bounds\\s+0$").containsPattern("(?m)^unstable-id\\s+0$")
                // XQuAD's Arabic Yuan_dynasty paragraph 1 has U+FFFD upstream (checked with Python on the raw file)
                .containsPattern("(?m)^invalid-unicode\\s+6$").contains("replacement character U+FFFD at char")
                .containsPattern("(?m)^\\s+accepted\\s+1152$");
        Path dataset = tmp.resolve("xh");
        assertThat(bench("qa", "import", "xhotpotqa", "--from", PARITY.resolve("xh-lang/gold.jsonl").toString(), "--out", dataset.toString()))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("wrote " + dataset + ": 100 instances");
    }

    @Test
    void qaRunRefusesAReaderUrlBeforeAskingTheGateway() throws IOException {
        // a port where nothing listens: had the command gone on, it would fail on the connection, not on --reader
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        int code = bench("qa", "run", "--gateway", "http://127.0.0.1:" + port, "--dataset", "some-id", "--system", "select:lexical",
                "--reader", "http://127.0.0.1:8083/api/runs");
        assertThat(code).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).contains("--reader 'http://127.0.0.1:8083/api/runs'")
                .contains("the name of a reader of the gateway's configuration");
    }
}
