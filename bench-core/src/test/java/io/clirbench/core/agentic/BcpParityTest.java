package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentScorer;
import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.agentic.eval.RunScores;
import io.clirbench.core.agentic.eval.RunSummary;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.format.BcpQrelsReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.GroundTruthReader;
import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.report.BcpEvaluationSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Parity with BrowseComp-Plus's own evaluator (METRICS.md §5): on {@code shared/data/agentic-parity/bcp-main}
 * the compatible mode equals every value that {@code evaluate_run.py} stored (expected-summary.json,
 * expected-per-query.json) within 1e-9, and the rounded {@code evaluation_summary.json} fields exactly.
 */
class BcpParityTest {

    static final Path CASE = Path.of(System.getProperty("shared.data"), "agentic-parity", "bcp-main");
    static final double TOLERANCE = 1e-9;

    static JsonNode summary;
    static Map<String, JsonNode> perQuery;
    static RunScores scores;
    static RunSummary result;

    @BeforeAll
    static void score() throws IOException {
        summary = AgentJson.MAPPER.readTree(CASE.resolve("expected-summary.json").toFile());
        perQuery = new HashMap<>();
        AgentJson.MAPPER.readTree(CASE.resolve("expected-per-query.json").toFile())
                .forEach(r -> perQuery.put(r.get("query_id").asText(), r));
        AgentRun run = BcpRunReader.read(CASE.resolve("runs/fixture-agent"), "fixture-agent", true);
        AgentBenchmark benchmark = AgentBenchmark.corpusLess(GroundTruthReader.read(CASE.resolve("ground_truth.jsonl")),
                BcpQrelsReader.read(CASE.resolve("qrel_evidence.txt")), null, JudgementReader.read(CASE.resolve("judgements.jsonl")));
        scores = AgentScorer.score(benchmark, run, ScoringMode.BCP, null);
        result = RunSummary.of(scores, ScoringMode.BCP);
    }

    @Test
    void theAggregatesEqualThePeersUnroundedValues() {
        JsonNode u = summary.get("unrounded");
        assertThat(result.queries()).isEqualTo(u.get("total").asInt()).isEqualTo(248);
        assertThat(scores.unexpected()).containsExactlyInAnyOrder("1206", "405");
        assertThat(result.correct()).isEqualTo(u.get("correct_count").asInt());
        assertThat(result.accuracy()).isCloseTo(u.get("accuracy_fraction").asDouble(), within(TOLERANCE));
        assertThat(result.evidenceRecall()).isCloseTo(u.get("retrieval_recall_avg").asDouble(), within(TOLERANCE));
        assertThat(result.evidenceRecallQueries()).isEqualTo(u.get("num_retrieval_recalls_averaged").asInt());
        assertThat(result.calibrationError()).isCloseTo(u.get("calibration_error").asDouble(), within(TOLERANCE));
        assertThat(result.calibrationAnswers()).isEqualTo(u.get("num_confidences").asInt());
        assertThat(result.withCitations()).isEqualTo(u.get("responses_with_citations").asInt());
        assertThat(result.citationCoverage()).isCloseTo(u.get("citation_coverage").asDouble(), within(TOLERANCE));
        assertThat(result.citationsPerAnswer()).isCloseTo(u.get("avg_citations_per_response").asDouble(), within(TOLERANCE));
        assertThat(result.citationPrecision()).isCloseTo(u.get("precision_avg").asDouble(), within(TOLERANCE));
        assertThat(result.citationRecall()).isCloseTo(u.get("recall_avg").asDouble(), within(TOLERANCE));
        JsonNode tools = u.get("avg_tool_stats");
        assertThat(result.avgToolStats().keySet()).containsExactlyInAnyOrderElementsOf(() -> tools.fieldNames());
        tools.properties().forEach(e ->
                assertThat(result.avgToolStats().get(e.getKey())).as(e.getKey()).isCloseTo(e.getValue().asDouble(), within(TOLERANCE)));
    }

    @Test
    void everyPerQueryRecordMatches() {
        assertThat(scores.queries()).hasSize(perQuery.size());
        for (AgentQueryScore q : scores.queries()) {
            JsonNode expected = perQuery.get(q.queryId());
            assertThat(expected).as(q.queryId()).isNotNull();
            assertThat(q.evidenceRecall()).as("recall of " + q.queryId())
                    .isCloseTo(expected.get("retrieval").get("recall").asDouble(), within(TOLERANCE));
            assertThat(q.correct()).as("correct of " + q.queryId())
                    .isEqualTo(expected.get("judge_result").path("correct").asBoolean(false));
            JsonNode citations = expected.get("citations");
            if (citations == null || citations.isNull()) {
                assertThat(q.cited()).as("citations of " + q.queryId()).isEmpty();
                continue;
            }
            List<String> sorted = new ArrayList<>();
            citations.get("cited_docids_sorted").forEach(n -> sorted.add(n.asText()));
            assertThat(q.cited().stream().sorted().toList()).as("cited of " + q.queryId()).isEqualTo(sorted);
            JsonNode m = citations.get("metrics");
            if (!q.cited().isEmpty()) {
                assertThat(q.citationPrecision()).as("precision of " + q.queryId()).isCloseTo(m.get("precision").asDouble(), within(TOLERANCE));
                assertThat(q.citationRecall()).as("recall of " + q.queryId()).isCloseTo(m.get("recall").asDouble(), within(TOLERANCE));
            }
            JsonNode judge = expected.get("judge_result");
            if (!judge.path("parse_error").asBoolean() && !judge.path("confidence").isNull()) {
                assertThat(q.confidence()).as("confidence of " + q.queryId()).isCloseTo(judge.get("confidence").asDouble(), within(TOLERANCE));
            } else {
                assertThat(q.confidence()).as("confidence of " + q.queryId()).isNull();
            }
            Map<String, Integer> counts = new HashMap<>();
            expected.get("tool_call_counts").properties().forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
            assertThat(q.toolCalls()).as("tool calls of " + q.queryId()).isEqualTo(counts);
        }
    }

    @Test
    void theEvaluationSummaryEqualsThePeersFile() {
        JsonNode expected = summary.get("evaluation_summary");
        Map<String, Object> ours = BcpEvaluationSummary.of(scores, result, "2026-12-01");
        assertThat(ours.keySet()).containsExactlyElementsOf(() -> expected.fieldNames());
        assertThat(ours.get("LLM")).isEqualTo(expected.get("LLM").asText());
        for (String field : List.of("Accuracy (%)", "Recall (%)", "Calibration Error (%)")) {
            assertThat((Double) ours.get(field)).as(field).isEqualTo(expected.get(field).asDouble());
        }
        Map<String, Object> perQueryRows = new HashMap<>();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) ours.get("per_query_metrics");
        rows.forEach(r -> perQueryRows.put((String) r.get("query_id"), r));
        assertThat(rows).hasSize(expected.get("per_query_metrics").size());
        for (JsonNode e : expected.get("per_query_metrics")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> row = (Map<String, Object>) perQueryRows.get(e.get("query_id").asText());
            assertThat(row.get("correct")).as(e.toString()).isEqualTo(e.get("correct").asBoolean());
            assertThat((Double) row.get("recall")).as(e.toString()).isEqualTo(e.get("recall").asDouble());
        }
    }
}
