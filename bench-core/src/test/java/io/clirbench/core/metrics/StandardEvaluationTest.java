package io.clirbench.core.metrics;

import io.clirbench.core.run.RankedList;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** trec_eval -c aggregation rules (METRICS.md section 1), on hand-made queries. */
class StandardEvaluationTest {

    @Test
    void meanCountsEveryJudgedQueryAndIgnoresUnjudgedRunQueries() {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        qrels.put("q2", Map.of("x", 1));          // in the run, x at rank 1: MRR 1
        qrels.put("q1", Map.of("y", 1));          // in the run, y at rank 2: MRR 1/2
        qrels.put("q3", Map.of("z", 1));          // missing from the run: 0
        qrels.put("q4", Map.of("x", 0));          // no relevant document: 0
        StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(List.of("MRR", "P@1")), qrels);
        evaluation.accept(list("q1", "x", "y"));
        evaluation.accept(list("q9", "x"));        // not judged: ignored
        evaluation.accept(list("q2", "x", "y"));
        evaluation.accept(list("q4", "x"));
        StandardResult result = evaluation.finish();

        assertThat(result.measureNames()).containsExactly("MRR", "P@1");
        assertThat(result.perQuery().keySet()).containsExactly("q2", "q1", "q3", "q4");
        assertThat(result.perQuery().get("q1")).containsExactly(0.5, 0.0);
        assertThat(result.perQuery().get("q3")).containsExactly(0.0, 0.0);
        // MRR mean = (1 + 1/2 + 0 + 0) / 4; P@1 mean = (1 + 0 + 0 + 0) / 4
        assertThat(result.means()[0]).isCloseTo(1.5 / 4, within(1e-12));
        assertThat(result.means()[1]).isCloseTo(0.25, within(1e-12));
        assertThat(result.queryCount()).isEqualTo(4);
        assertThat(result.ignoredRunQueries()).isEqualTo(1);
    }

    @Test
    void aQueryGivenTwiceIsRejected() {
        StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(List.of("MRR")),
                Map.of("q1", Map.of("x", 1)));
        evaluation.accept(list("q1", "x"));
        assertThatThrownBy(() -> evaluation.accept(list("q1", "x"))).hasMessageContaining("'q1'");
    }

    private static RankedList list(String qid, String... ids) {
        double[] scores = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            scores[i] = ids.length - i;
        }
        return new RankedList(qid, ids, scores);
    }
}
