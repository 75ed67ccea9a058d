package io.clirbench.core.agentic;

import static io.clirbench.core.agentic.AgentFixtures.qrels;
import static io.clirbench.core.agentic.AgentFixtures.question;
import static io.clirbench.core.agentic.AgentFixtures.run;
import static io.clirbench.core.agentic.AgentFixtures.search;
import static io.clirbench.core.agentic.AgentFixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentMeasure;
import io.clirbench.core.agentic.eval.AgentMeasures;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.report.AgentReportBundle;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.stats.Stats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The walk of bench-core's README "How to add a measure", agentic part: a measure defined here, in the test, and
 * registered with {@link AgentMeasures#with} reaches report.json (the run's summary and its interval), summary.csv
 * queries.csv and the runs table of the HTML report, with no other file changed.
 */
class AddAnAgenticMeasureTest {

    /** The toy measure: cited documents per answered query (mean, 95% BCa interval). */
    private static final AgentMeasure CITED = AgentMeasure.mean("citedDocuments", "cited docs",
            q -> q.answered() ? (double) q.cited().size() : null, 2, "cited_documents", "toy measure of this test");

    @Test
    void aMeasureAddedToTheRegistryIsInTheJsonTheCsvAndTheHtmlTable() throws Exception {
        // corpus-less, so the BrowseComp-Plus digit rule finds citations: query 1 cites [1] and [2], query 2 cites [3],
        // query 3 has no run (not answered: left out); mean over the two answers = (2 + 1) / 2 = 1.5
        AgentBenchmark b = AgentBenchmark.corpusLess(List.of(question("1", "x"), question("2", "y"), question("3", "z")),
                qrels("1:1:1", "2:3:1", "3:5:1"), null, null);
        AgentRun r = run(trace("1", List.of(search("1", "2")), List.of("1", "2"), "See [1] and [2].\nExact Answer: x"),
                trace("2", List.of(search("3")), List.of("3"), "See [3].\nExact Answer: q"));
        AgentEvaluation e = AgentEvaluation.evaluate(null, List.of(new AgentEvaluation.Input(b, r)), ScoringMode.DEFAULT, null,
                new Stats(200, 42), false, AgentMeasures.STANDARD.with(CITED));
        Map<String, String> files = AgentReportBundle.render(e, "2026-01-01");

        JsonNode run = AgentJson.MAPPER.readTree(files.get(ReportFiles.JSON)).get("runs").get(0);
        assertThat(run.get("summary").get("citedDocuments").asDouble()).isEqualTo(1.5);
        assertThat(run.get("summary").get("evidenceRecall").asDouble()).isEqualTo(1.0); // the standard ones stay
        assertThat(run.has("citedDocumentsInterval")).isTrue();

        List<String> csv = files.get(ReportFiles.SUMMARY_CSV).lines().toList();
        List<String> header = List.of(csv.get(0).split(","));
        List<String> row = List.of(csv.get(1).split(",", -1));
        assertThat(header).endsWith("cited_documents", "cited_documents_low", "cited_documents_high");
        assertThat(row.get(header.indexOf("cited_documents"))).isEqualTo("1.5");

        // queries.csv: the per-query value, empty where the query does not enter (query 3 has no run)
        List<String> queries = files.get(ReportFiles.QUERIES_CSV).lines().toList();
        assertThat(queries.get(0)).endsWith(",citation_recall,cited_documents");
        assertThat(queries.subList(1, 4)).extracting(l -> l.split(",", -1)[1]).containsExactly("1", "2", "3");
        assertThat(queries.subList(1, 4)).extracting(l -> l.substring(l.lastIndexOf(',') + 1)).containsExactly("2.0", "1.0", "");

        String html = files.get(ReportFiles.HTML);
        assertThat(html).contains("<th scope=\"col\">cited docs [95% BCa]</th>");
        assertThat(html).containsPattern("<td>1\\.50 \\[[0-9.]+, [0-9.]+\\]\\*?</td>");
    }

    @Test
    void aKeyRegisteredTwiceIsRefused() {
        assertThatThrownBy(() -> AgentMeasures.STANDARD.with(CITED).with(CITED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'citedDocuments' is registered twice");
    }
}
