package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.report.ReportBundle;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.stats.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The walk of bench-core's README "How to add a measure", retrieval part: a §1 measure that the report does not carry
 * by default ({@code Rprec}, trec_eval's precision at rank |relevant|), added to {@link ReportMeasures#STANDARD}'s names,
 * reaches report.json, summary.csv, metrics.csv and the HTML table of standard measures, with no other file changed.
 */
class AddARetrievalMeasureTest {

    @Test
    void aMeasureAddedToTheListIsInTheJsonTheCsvAndTheHtmlTable() throws Exception {
        // q1 relevant {d1, d2} (R = 2), ranked d1 n1 d2: top 2 hold d1 -> Rprec 1/2;
        // q2 relevant {d3} (R = 1), ranked n1 d3: top 1 holds none -> 0. Mean (0.5 + 0) / 2 = 0.25.
        Dataset dataset = new Dataset(new DatasetInfo("toy", "Toy", "1", "CC0-1.0", "test", List.of("de", "en"), false),
                List.of(doc("d1", "en"), doc("d2", "de"), doc("d3", "en"), doc("n1", "en")),
                List.of(new Query("q1", "x", "en", null, null), new Query("q2", "y", "de", null, null)),
                Qrels.of(Map.of("q1", Map.of("d1", 1, "d2", 1), "q2", Map.of("d3", 1))));
        List<String> names = new ArrayList<>(ReportMeasures.STANDARD.names());
        names.add("Rprec");
        RunEvaluator evaluator = RunEvaluator.forDataset(dataset, new StandardMeasures(names), LanguageMetricsConfig.defaults(1000),
                List.of());
        RunEvaluation run = evaluator.evaluate("toy-run", "memory", List.of(list("q1", "d1", "n1", "d2"), list("q2", "n1", "d3")));
        EvalReport report = RetrievalEvaluation.evaluate(dataset, evaluator, List.of(run), 1000, new Stats(200, 42), s -> { });
        Map<String, String> files = ReportBundle.render(report);

        JsonNode standard = new ObjectMapper().readTree(files.get(ReportFiles.JSON)).get("runs").get(0).get("standard");
        List<String> measureNames = new ArrayList<>();
        standard.get("measureNames").forEach(n -> measureNames.add(n.asText()));
        assertThat(measureNames).endsWith("Success@10", "Rprec");
        assertThat(standard.get("means").get(measureNames.indexOf("Rprec")).asDouble()).isEqualTo(0.25);
        assertThat(standard.get("perQuery").get("q1").get(measureNames.indexOf("Rprec")).asDouble()).isEqualTo(0.5);

        List<String> csv = files.get(ReportFiles.SUMMARY_CSV).lines().toList();
        List<String> header = List.of(csv.get(0).split(","));
        assertThat(header).endsWith("Rprec");
        assertThat(csv.get(1)).endsWith(",0.2500");
        assertThat(files.get(ReportFiles.METRICS_CSV).lines()).contains("toy-run,,,Rprec,0.25,2");

        String html = files.get(ReportFiles.HTML);
        String section = html.substring(html.indexOf("<section id=\"standard\">"));
        assertThat(section).contains("<th scope=\"col\">Success@10</th><th scope=\"col\">Rprec</th></tr>")
                .contains("<td>0.2500</td></tr>");
    }

    private static Document doc(String id, String lang) {
        return new Document(id, null, "text of " + id, lang, id, null);
    }

    private static RankedList list(String query, String... docs) {
        double[] scores = new double[docs.length];
        for (int i = 0; i < docs.length; i++) {
            scores[i] = docs.length - i;
        }
        return RankedList.inTrecOrder(query, docs, scores);
    }
}
