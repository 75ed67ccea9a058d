package io.clirbench.core.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.qa.eval.ComponentScore;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaMeasure;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.qa.report.QaReportBundle;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.qa.stats.QaStatistics;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.stats.Stats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The walk of bench-core's README "How to add a measure", QA part: a measure defined here, in the test, and registered
 * with {@link QaMeasures#with} reaches report.json (every aggregate and its interval), summary.csv, per-example.csv and
 * the per-condition table of the HTML report, with no other file changed.
 */
class AddAQaMeasureTest {

    /** The toy measure: support F2 (recall weighted 2×, 5PR / (4P + R), 0 when P + R = 0), mean with a 95% interval. */
    private static final QaMeasure SUPPORT_F2 = QaMeasure.mean("support_f2", "support F2", "support_f2", "support_f2",
            s -> f2(s.support()), "toy measure of this test").withInterval();

    private static double f2(ComponentScore s) {
        return s.precision() + s.recall() == 0 ? 0 : 5 * s.precision() * s.recall() / (4 * s.precision() + s.recall());
    }

    @Test
    void aMeasureAddedToTheRegistryIsInTheJsonTheCsvAndTheHtmlTable() throws Exception {
        // three English instances, a selector that predicts fact (p0,0) for each:
        // i1 gold {(p0,0), (p0,1)}: P 1, R 1/2 -> F2 = 5 * 1 * 0.5 / (4 + 0.5) = 5/9; i2 gold {(p1,0)}: P 0, R 0 -> 0;
        // i3 gold {(p0,0)}: P 1, R 1 -> 1. Mean (5/9 + 0 + 1) / 3 = 14/27 = 0.518519 (0.5185 in the tables).
        QaRun run = run(QaMeasures.STANDARD.with(SUPPORT_F2));
        Map<String, String> files = QaReportBundle.render(run);

        JsonNode system = QaJson.MAPPER.readTree(files.get(ReportFiles.JSON)).get("systems").get(0);
        assertThat(system.get("overall").get("support_f2").asDouble()).isCloseTo(14.0 / 27, within(1e-12));
        assertThat(system.get("overall").get("support").get("f1").asDouble()).isCloseTo(5.0 / 9, within(1e-12)); // stays
        assertThat(system.get("by_language_condition").get("fully-monolingual").get("support_f2").asDouble())
                .isCloseTo(14.0 / 27, within(1e-12));
        JsonNode interval = null;
        for (JsonNode i : system.get("intervals")) {
            if (i.path("measure").asText().equals("support_f2") && i.get("domain").asText().equals("overall")) {
                interval = i;
            }
        }
        assertThat(interval).as("the toy measure's overall interval").isNotNull();
        assertThat(interval.get("macro").asDouble()).isCloseTo(14.0 / 27, within(1e-12)); // one language: macro = pooled

        List<String> csv = files.get(ReportFiles.SUMMARY_CSV).lines().toList();
        List<String> header = List.of(csv.get(0).split(","));
        List<String> overall = List.of(csv.get(1).split(",", -1));
        assertThat(header).contains("support_f2").endsWith("support_f2_macro", "support_f2_low", "support_f2_high");
        assertThat(Double.parseDouble(overall.get(header.indexOf("support_f2")))).isCloseTo(14.0 / 27, within(1e-12));
        List<String> perExample = files.get(ReportFiles.PER_EXAMPLE_CSV).lines().toList();
        assertThat(perExample.get(0)).endsWith(",joint_f1,support_f2");
        assertThat(Double.parseDouble(perExample.get(1).substring(perExample.get(1).lastIndexOf(',') + 1)))
                .isCloseTo(5.0 / 9, within(1e-12));

        String html = files.get(ReportFiles.HTML);
        assertThat(html).contains("<th scope=\"col\">answer-para R</th><th scope=\"col\">support F2</th>");
        assertThat(html).containsPattern("<td>0\\.5000</td><td>0\\.5185</td><td>0\\.5185 (\\[[0-9.]+, [0-9.]+\\]\\*?|\\[none\\])</td>");
    }

    @Test
    void aKeyRegisteredTwiceIsRefused() {
        assertThatThrownBy(() -> QaMeasures.STANDARD.with(SUPPORT_F2).with(SUPPORT_F2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'support_f2' is registered twice");
    }

    private static QaRun run(QaMeasures measures) {
        Map<String, QaPrediction> predictions = new LinkedHashMap<>();
        List<QaInstance> gold = List.of(
                instance("i1", new SupportingFact("p0", 0, "answer"), new SupportingFact("p0", 1, "support")),
                instance("i2", new SupportingFact("p1", 0, "answer")),
                instance("i3", new SupportingFact("p0", 0, null)));
        gold.forEach(i -> predictions.put(i.id(), new QaPrediction(i.id(), "", Set.of(new FactKey("p0", 0)), false)));
        QaEvaluator evaluator = new QaEvaluator(Protocol.UNICODE, predictions, true, false, measures);
        gold.forEach(evaluator::accept);
        Map<String, QaResult> results = Map.of("selector", evaluator.finish());
        Stats stats = new Stats(200, 7);
        return new QaRun("tiny", Protocol.UNICODE, results, Map.of("selector", "selector.jsonl"),
                new QaStatistics(stats).compute(results), stats.bootstrap(), stats.seed());
    }

    private static QaInstance instance(String id, SupportingFact... facts) {
        List<Candidate> candidates = List.of(new Candidate("p0", "T0", List.of("a.", "b."), "en", null, null),
                new Candidate("p1", "T1", List.of("c."), "en", null, null));
        return new QaInstance(id, "s-" + id, null, null, null, "Q?", "x", "en", "en", candidates, List.of(facts), null, null);
    }
}
