package io.clirbench.cli.agent;

import io.clirbench.cli.BenchRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench agent eval} on the shipped xquad-agentic task with its three reference runs, and corpus-less on the
 * BrowseComp-Plus parity case. Expected values: recounted here from the run files and qrels (brute force, not the
 * scorer), and the BrowseComp-Plus evaluator's stored summary.
 */
class AgentEvalCommandTest {

    static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    static final Path TASK = ROOT.resolve("datasets/xquad-agentic");
    static final Path RUNS = ROOT.resolve("runs/xquad-agentic");
    static final Path PARITY = Path.of(System.getProperty("shared.data"), "agentic-parity", "bcp-main");
    static final List<String> CONFIGS = List.of("original", "cross-lingual", "multilingual");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theThreeConfigurationsArePrintedPerLanguageWithIntervalsAndComparedPairwise() throws IOException {
        Path out = dir.resolve("report");
        BenchRun run = BenchRun.of("agent", "eval", "--task", TASK.toString(), "--run", RUNS.resolve("original").toString(),
                "--run", RUNS.resolve("cross-lingual").toString(), "--run", RUNS.resolve("multilingual").toString(),
                "--bootstrap", "2000", "--out", out.toString(), "--date", "2026-12-01");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("Runs", "Per evidence language", "Per resource group", "Paired comparisons",
                "evidence recall [95% BCa]", "accuracy [95% Wilson]", "original − cross-lingual", "cross-lingual − multilingual");
        for (String f : List.of("report.json", "report.md", "report.html", "summary.csv", "languages.csv", "queries.csv",
                "original/evaluation_summary.json")) {
            assertThat(out.resolve(f)).isRegularFile();
        }
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        Map<String, String> familyOfEvidence = evidenceFamilies();
        for (int i = 0; i < CONFIGS.size(); i++) {
            JsonNode r = report.get("runs").get(i);
            assertThat(r.get("configuration").asText()).isEqualTo(CONFIGS.get(i));
            double[] recount = recountRecall(RUNS.resolve(CONFIGS.get(i)), familyOfEvidence, null, null);
            assertThat(r.get("summary").get("evidenceRecall").asDouble()).as(CONFIGS.get(i)).isCloseTo(recount[0] / recount[1], within(1e-12));
            assertThat(r.get("summary").get("queries").asInt()).isEqualTo(240);
            // the agent answers nothing: accuracy 0 by the exact-match rule
            assertThat(r.get("summary").get("accuracy").asDouble()).isZero();
            JsonNode interval = r.get("evidenceRecallInterval");
            assertThat(interval.get("low").asDouble()).isLessThanOrEqualTo(r.get("summary").get("evidenceRecall").asDouble());
            assertThat(interval.get("high").asDouble()).isGreaterThanOrEqualTo(r.get("summary").get("evidenceRecall").asDouble());
        }
        // per language of the cross-lingual run: N and recall recounted from query_lang_assignment.json
        JsonNode assignment = JSON.readTree(TASK.resolve("configurations/cross-lingual/query_lang_assignment.json").toFile());
        for (JsonNode row : report.get("runs").get(1).get("byEvidenceLanguage")) {
            String lang = row.get("language").asText();
            double[] recount = recountRecall(RUNS.resolve("cross-lingual"), familyOfEvidence, assignment, lang);
            assertThat(row.get("queries").asInt()).as(lang).isEqualTo((int) recount[1]).isBetween(21, 22); // 240 over 11
            assertThat(row.get("evidenceRecall").asDouble()).as(lang).isCloseTo(recount[0] / recount[1], within(1e-12));
        }
        assertThat(report.get("runs").get(1).get("byEvidenceLanguage")).hasSize(11);
        JsonNode comparisons = report.get("comparisons");
        assertThat(comparisons).hasSize(6);
        JsonNode recallGap = comparisons.get(1);
        assertThat(recallGap.get("metric").asText()).isEqualTo("evidence recall");
        assertThat(recallGap.get("p").asDouble()).isLessThan(0.01);  // original finds far more evidence
        assertThat(comparisons.get(0).get("p").isNull()).isTrue();    // accuracy all 0: descriptive only
        assertThat(comparisons.get(0).get("note").asText()).contains("non-tied pairs");
    }

    /**
     * A task in the exact ARCHITECTURE.md layout (bench-core's fixture: family-level qrels listing every language
     * version, lang_assignment.json + query_lang_assignment.json, no configuration.json): per-language rows as worked
     * by hand in bench-core's ArchitectureLayoutTaskTest (cross-lingual de: N 2, accuracy 1, recall 0.5; ar: N 2,
     * accuracy 0, recall 0.5; multilingual ar: 2, 0.5, 0.5; de: 1, 0, 1; mixed: 1, 1, 0.5).
     */
    @Test
    void aTaskInTheDocumentedLayoutKeepsItsPerLanguageRows() throws IOException {
        Path fixtures = ROOT.resolve("bench-core/src/test/resources/agentic");
        Path out = dir.resolve("layout");
        BenchRun run = BenchRun.of("agent", "eval", "--task", fixtures.resolve("architecture-layout").toString(),
                "--run", fixtures.resolve("agentic-runs/cross-lingual").toString(),
                "--run", fixtures.resolve("agentic-runs/multilingual").toString(), "--bootstrap", "0", "--out", out.toString(),
                "--date", "2026-12-01");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        Map<String, double[]> expected = Map.of("cross-lingual/de", new double[] {2, 1.0, 0.5}, "cross-lingual/ar", new double[] {2, 0.0, 0.5},
                "multilingual/ar", new double[] {2, 0.5, 0.5}, "multilingual/de", new double[] {1, 0.0, 1.0},
                "multilingual/mixed", new double[] {1, 1.0, 0.5});
        Map<String, double[]> found = new HashMap<>();
        for (JsonNode r : report.get("runs")) {
            for (JsonNode row : r.get("byEvidenceLanguage")) {
                found.put(r.get("configuration").asText() + "/" + row.get("language").asText(), new double[] {
                        row.get("queries").asInt(), row.get("accuracy").asDouble(), row.get("evidenceRecall").asDouble()});
            }
        }
        assertThat(found).containsOnlyKeys(expected.keySet());
        expected.forEach((k, v) -> assertThat(found.get(k)).as(k).containsExactly(v, within(1e-12)));
    }

    @Test
    void corpusLessCompatibleModeWritesTheBrowseCompPlusSummary() throws IOException {
        Path out = dir.resolve("bcp");
        BenchRun run = BenchRun.of("agent", "eval", "--evidence", PARITY.resolve("qrel_evidence.txt").toString(),
                "--ground-truth", PARITY.resolve("ground_truth.jsonl").toString(), "--run", PARITY.resolve("runs/fixture-agent").toString(),
                "--judgements", PARITY.resolve("judgements.jsonl").toString(), "--compat", "bcp", "--bootstrap", "0",
                "--out", out.toString(), "--date", "2026-12-01");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("BrowseComp-Plus rule", "2 run files for unknown queries");
        JsonNode ours = JSON.readTree(out.resolve("fixture-agent/evaluation_summary.json").toFile());
        JsonNode peer = JSON.readTree(PARITY.resolve("expected-summary.json").toFile()).get("evaluation_summary");
        for (String field : List.of("LLM", "Accuracy (%)", "Recall (%)", "Calibration Error (%)", "avg_tool_stats")) {
            assertThat(ours.get(field)).as(field).isEqualTo(peer.get(field));
        }
        // default mode, corpus-less: the output says citations follow the BrowseComp-Plus rule
        BenchRun ours2 = BenchRun.of("agent", "eval", "--evidence", PARITY.resolve("qrel_evidence.txt").toString(),
                "--ground-truth", PARITY.resolve("ground_truth.jsonl").toString(), "--run", PARITY.resolve("runs/fixture-agent").toString(),
                "--judgements", PARITY.resolve("judgements.jsonl").toString(), "--bootstrap", "0");
        assertThat(ours2.code()).as(ours2.err()).isZero();
        assertThat(ours2.out()).contains("no corpus at hand, so the corpus-checked rule cannot apply");
    }

    @Test
    void badOptionsAndInputsGiveOneClearLine() {
        BenchRun compat = BenchRun.of("agent", "eval", "--task", TASK.toString(), "--run", RUNS.resolve("original").toString(), "--compat", "trec");
        assertThat(compat.code()).isEqualTo(1);
        assertThat(compat.err()).contains("--compat 'trec' is unknown");
        BenchRun config = BenchRun.of("agent", "eval", "--task", TASK.toString(), "--config", "bilingual", "--run", RUNS.resolve("original").toString());
        assertThat(config.code()).isEqualTo(1);
        assertThat(config.err()).contains("has no configuration 'bilingual'", "original", "cross-lingual", "multilingual");
        BenchRun missing = BenchRun.of("agent", "eval", "--task", TASK.toString(), "--run", dir.resolve("nope").toString());
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.err()).contains("no such file or directory");
    }

    /** qrels-evidence.tsv: query → family of its evidence document (docid LANG/pNNN, family pNNN). */
    private static Map<String, String> evidenceFamilies() throws IOException {
        Map<String, String> out = new HashMap<>();
        for (String line : Files.readAllLines(TASK.resolve("qrels-evidence.tsv")).subList(1, 241)) {
            String[] c = line.split("\t");
            out.put(c[0], c[1].substring(c[1].indexOf('/') + 1));
        }
        return out;
    }

    /** {hits, queries}: queries whose retrieved_docids hold any version of their evidence (optionally of one language). */
    private static double[] recountRecall(Path runDir, Map<String, String> family, JsonNode assignment, String lang) throws IOException {
        double hits = 0;
        double n = 0;
        try (Stream<Path> files = Files.list(runDir)) {
            for (Path f : files.toList()) {
                JsonNode r = JSON.readTree(f.toFile());
                String q = r.get("query_id").asText();
                if (assignment != null && !assignment.get(q).asText().equals(lang)) {
                    continue;
                }
                n++;
                for (JsonNode d : r.get("retrieved_docids")) {
                    if (d.asText().endsWith("/" + family.get(q))) {
                        hits++;
                        break;
                    }
                }
            }
        }
        return new double[] {hits, n};
    }
}
