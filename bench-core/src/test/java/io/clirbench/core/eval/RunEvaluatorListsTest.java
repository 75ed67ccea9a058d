package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.run.RankedList;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lists evaluated in memory (the eval-service's path) against the same lists written to and read from a run file. */
class RunEvaluatorListsTest {

    private static final Dataset DATASET = new Dataset(
            new DatasetInfo("toy", "Toy", "1", "CC0-1.0", "test", List.of("de", "en"), true),
            List.of(doc("a-en", "en", "a"), doc("a-de", "de", "a"), doc("b-en", "en", "b"), doc("b-de", "de", "b")),
            List.of(new Query("q1", "x", "en", "a", null), new Query("q2", "y", "de", "b", null)),
            Qrels.of(Map.of("q1", Map.of("a-en", 1), "q2", Map.of("b-de", 1))));

    @Test
    void inTrecOrderSortsByScoreThenIdDescending() {
        RankedList list = RankedList.inTrecOrder("q1", new String[] {"a-de", "b-en", "a-en", "b-de"},
                new double[] {0.5, 0.9, 0.5, 0.1});
        // 0.9 first; the tie at 0.5 goes to the larger id ("a-en" > "a-de"), as in trec_eval
        assertThat(list.docIds()).containsExactly("b-en", "a-en", "a-de", "b-de");
        assertThat(list.scores()).containsExactly(0.9, 0.5, 0.5, 0.1);
    }

    @Test
    void listsInMemoryGiveTheReportOfTheirRunFile(@TempDir Path dir) {
        List<RankedList> lists = List.of(
                RankedList.inTrecOrder("q1", new String[] {"b-en", "a-de", "a-en"}, new double[] {0.25, 0.5, 0.5}),
                RankedList.inTrecOrder("q2", new String[] {"a-en", "b-de", "b-en"}, new double[] {0.75, 0.125, 0.5}));
        Path file = dir.resolve("r.trec");
        try (TrecRunWriter writer = new TrecRunWriter(file, "r")) {
            lists.forEach(writer::write);
        }
        RunEvaluator evaluator = RunEvaluator.forDataset(DATASET, new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                LanguageMetricsConfig.defaults(1000), List.of());
        RunEvaluation fromLists = evaluator.evaluate("r", "events", lists);
        RunEvaluation fromFile = evaluator.evaluate("r", file, notice -> { });
        // Family expansion: q1's gold is {a-en, a-de}, q2's {b-en, b-de}. q1: a-en ranks 1 (its tie with
        // a-de broken by id descending); q2: a-en 0.75, then b-en 0.5 at rank 2 -> MRR = (1 + 1/2) / 2

        var standard = fromLists.report().standard();
        assertThat(standard.means()[standard.measureNames().indexOf("MRR")]).isEqualTo((1 + 1.0 / 2) / 2, org.assertj.core.data.Offset.offset(1e-12));
        String a = JsonReport.render(RetrievalEvaluation.evaluate(DATASET, evaluator, List.of(fromLists), 1000, new Stats(200, 42), s -> { }));
        String b = JsonReport.render(RetrievalEvaluation.evaluate(DATASET, evaluator, List.of(fromFile), 1000, new Stats(200, 42), s -> { }));
        assertThat(a.replace("\"events\"", "FILE")).isEqualTo(b.replace(jsonString(file.toString()), "FILE"));
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\") + "\"";
    }

    private static Document doc(String id, String lang, String family) {
        return new Document(id, null, "text of " + id, lang, family, null);
    }
}
