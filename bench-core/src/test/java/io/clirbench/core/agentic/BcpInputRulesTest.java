package io.clirbench.core.agentic;

import static io.clirbench.core.agentic.AgentFixtures.qrels;
import static io.clirbench.core.agentic.AgentFixtures.question;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentScorer;
import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.agentic.eval.RunScores;
import io.clirbench.core.agentic.eval.RunSummary;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two input rules of BrowseComp-Plus's {@code scripts_evaluation/evaluate_run.py} (texttron/BrowseComp-Plus, read at
 * commit b90a68ce2bccc04346cf2459f13423f06d6d468c) that the compatible mode follows (METRICS.md §5):
 * <ul>
 * <li>{@code query_id = run_data.get("query_id")}, then {@code if not query_id or str(query_id) not in ground_truth:
 *     continue}: a file whose query_id is falsy in Python ({@code 0}, {@code ""}, {@code None}) is skipped before
 *     anything is appended to {@code all_results}, so it is in no denominator; {@code "0"} (a non-empty string) is
 *     truthy and scored;</li>
 * <li>{@code retrieved_docids_set = set(run_data.get("retrieved_docids", []))} against
 *     {@code set(positives_for_query)}, the qrels' {@code parts[2]} strings: {@code 5 in {"5"}} is False in Python, so a
 *     JSON integer docid never matches; {@code recall = |intersection| / len(positives_for_query)}.</li>
 * </ul>
 */
class BcpInputRulesTest {

    @TempDir
    Path dir;

    private void file(String name, String queryIdJson, String retrievedJson) throws IOException {
        Files.writeString(dir.resolve(name), "{\"query_id\": " + queryIdJson + ", \"tool_call_counts\": {\"search\": 1}, "
                + "\"status\": \"completed\", \"retrieved_docids\": " + retrievedJson + ", "
                + "\"result\": [{\"type\": \"output_text\", \"output\": \"Exact Answer: x\"}]}");
    }

    private void runDirectory() throws IOException {
        file("run_a.json", "0", "[\"z\"]");          // falsy: skipped
        file("run_b.json", "\"\"", "[\"z\"]");       // falsy: skipped
        file("run_c.json", "\"0\"", "[\"z\"]");      // truthy string "0": scored as query "0"
        file("run_d.json", "\"1\"", "[5, \"6\"]");   // 5 is an int, "6" a string
        file("run_e.json", "2", "[8]");              // query_id 2 -> str "2"; docid 8 an int
    }

    private static AgentBenchmark benchmark() {
        // ground truth: queries "0", "1", "2" (answer x); qrels "0": z; "1": 5, 6, 7; "2": 8 (all strings, as in the qrels file)
        return AgentBenchmark.corpusLess(List.of(question("0", "x"), question("1", "x"), question("2", "x")),
                qrels("0:z:1", "1:5:1", "1:6:1", "1:7:1", "2:8:1"), null, null);
    }

    @Test
    void compatibleModeSkipsFalsyQueryIdsAndNeverMatchesIntegerDocids() throws IOException {
        runDirectory();
        AgentRun run = BcpRunReader.read(dir, "r", true, true); // strict, yet the falsy files are no error
        assertThat(run.skipped()).extracting(AgentRun.Skipped::file).containsExactly("run_a.json", "run_b.json");
        assertThat(run.skipped().get(0).reason()).contains("query_id 0 is falsy");
        RunScores scores = AgentScorer.score(benchmark(), run, ScoringMode.BCP, null);
        Map<String, AgentQueryScore> byId = scores.queries().stream().collect(Collectors.toMap(AgentQueryScore::queryId, q -> q));
        // all_results holds run_c, run_d, run_e: 3 results, not 5
        assertThat(byId).containsOnlyKeys("0", "1", "2");
        // run_c: {"z"} ∩ {"z"} / 1 = 1; run_d: {5, "6"} ∩ {"5", "6", "7"} = {"6"} -> 1/3; run_e: {8} ∩ {"8"} = {} -> 0
        assertThat(byId.get("0").evidenceRecall()).isEqualTo(1.0);
        assertThat(byId.get("1").evidenceRecall()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(byId.get("2").evidenceRecall()).isEqualTo(0.0);
        RunSummary summary = RunSummary.of(scores, ScoringMode.BCP);
        // Recall (%) = mean(1, 1/3, 0) = 4/9; Accuracy = 3 correct / total 3 (the skipped files are not in total)
        assertThat(summary.evidenceRecall()).isCloseTo(4.0 / 9, within(1e-12));
        assertThat(summary.accuracy()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void theDefaultModeKeepsItsOwnRules() throws IOException {
        runDirectory();
        // without BrowseComp-Plus's input rules an empty query_id is an error naming the file
        assertThatThrownBy(() -> BcpRunReader.read(dir, "r", true))
                .hasMessageContaining("run_b.json: field 'query_id' must be a non-empty string or integer, found \"\"");
        Files.delete(dir.resolve("run_b.json"));
        Files.delete(dir.resolve("run_c.json")); // JSON 0 reads as query "0" here, which run_c also claims
        AgentRun run = BcpRunReader.read(dir, "r", true);
        Map<String, AgentQueryScore> byId = AgentScorer.score(benchmark(), run, ScoringMode.DEFAULT, null).queries().stream()
                .collect(Collectors.toMap(AgentQueryScore::queryId, q -> q));
        // docids compared by their text: query "1" retrieves 5 and 6 of {5, 6, 7} -> 2/3; query "2" retrieves 8 -> 1
        assertThat(byId.get("1").evidenceRecall()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(byId.get("2").evidenceRecall()).isEqualTo(1.0);
        assertThat(byId.get("0").evidenceRecall()).isEqualTo(1.0);
    }
}
