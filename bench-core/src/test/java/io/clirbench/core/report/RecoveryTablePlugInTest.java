package io.clirbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.stats.Stats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A re-ranked run over a first stage of a kind only the gateway knows ({@code random(7)}, as in the gateway's
 * RetrieverPlugInTest) gets its recovery row: the report reads the run names without the gateway's grammar.
 */
class RecoveryTablePlugInTest {

    private static final Dataset DATASET = new Dataset(
            new DatasetInfo("toy", "Toy", "1", "CC0-1.0", "test", List.of("de", "en"), true),
            List.of(doc("a-en", "en", "a"), doc("a-de", "de", "a"), doc("b-en", "en", "b"), doc("b-de", "de", "b")),
            List.of(new Query("q1", "x", "en", "a", null), new Query("q2", "y", "de", "b", null)),
            Qrels.of(Map.of("q1", Map.of("a-en", 1), "q2", Map.of("b-de", 1))));

    @Test
    void aRerankOfAPlugInFirstStageIsComparedWithIt() {
        RunEvaluator evaluator = RunEvaluator.forDataset(DATASET, new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                LanguageMetricsConfig.defaults(1000), List.of());
        List<RankedList> first = List.of(
                RankedList.inTrecOrder("q1", new String[] {"b-en", "b-de", "a-de", "a-en"}, new double[] {4, 3, 2, 1}),
                RankedList.inTrecOrder("q2", new String[] {"a-en", "a-de", "b-en", "b-de"}, new double[] {4, 3, 2, 1}));
        List<RankedList> reranked = List.of(
                RankedList.inTrecOrder("q1", new String[] {"a-en", "a-de", "b-en", "b-de"}, new double[] {4, 3, 2, 1}),
                RankedList.inTrecOrder("q2", new String[] {"b-de", "b-en", "a-en", "a-de"}, new double[] {4, 3, 2, 1}));
        EvalReport report = RetrievalEvaluation.evaluate(DATASET, evaluator, List.of(evaluator.evaluate("random(7)", "events", first),
                evaluator.evaluate("rerank(random(7),e5,10)", "events", reranked)), 1000, new Stats(0, 42), s -> { });
        List<List<String>> rows = RecoveryTable.rows(report);
        assertThat(rows).hasSize(1);
        assertThat(rows.getFirst().subList(0, 3)).containsExactly("rerank(random(7),e5,10)", "random(7)", "10");
        assertThat(rows.getFirst().get(3)).isNotEqualTo("first stage not in this run");
        assertThat(RecoveryTable.markdown(report)).contains("| rerank(random(7),e5,10) | random(7) |");
    }

    private static Document doc(String id, String lang, String family) {
        return new Document(id, null, "text of " + id, lang, family, null);
    }
}
