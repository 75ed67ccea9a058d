package io.clirbench.core.report.export;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.RankedList;
import java.util.List;
import java.util.Map;

/**
 * A three-query qrels-only report, worked out by hand:
 * <pre>
 * query lang relevant  run (rank: doc)       nDCG@10                 R@1  P@1  MRR@10
 * q1    en   d1        1: d1, 2: x           1                       1    1    1
 * q2    de   d2        1: y, 2: d2           1/log2(3) = 0.63093     0    0    1/2
 * q3    de   d3        1: z                  0                       0    0    0
 * mean                                       0.54364 (1.63093 / 3)   1/3  1/3  1/2
 * </pre>
 */
final class ExportFixture {

    static final Qrels QRELS = Qrels.of(Map.of("q1", Map.of("d1", 1), "q2", Map.of("d2", 1, "n2", 0), "q3", Map.of("d3", 2)));
    static final Map<String, String> LANGUAGES = Map.of("q1", "en", "q2", "de", "q3", "de");
    static final double LOG2_3 = Math.log(3) / Math.log(2);

    private ExportFixture() {
    }

    static List<RankedList> lists() {
        return List.of(
                new RankedList("q1", new String[] {"d1", "x"}, new double[] {2.0, 1.0}),
                new RankedList("q2", new String[] {"y", "d2"}, new double[] {2.0, 1.0}),
                new RankedList("q3", new String[] {"z"}, new double[] {1.0}));
    }

    /** The report of runs with these names, all ranking {@link #lists()}, on measures nDCG@10, R@1, P@1, MRR@10, MAP. */
    static EvalReport report(String... runNames) {
        RunEvaluator evaluator = RunEvaluator.forQrels(QRELS,
                new StandardMeasures(List.of("nDCG@10", "R@1", "P@1", "MRR@10", "MAP", "Success@1")), 1000);
        List<RunReport> runs = java.util.Arrays.stream(runNames)
                .map(name -> evaluator.evaluate(name, "lists", lists()).report()).toList();
        return new EvalReport("clirbench test", null, "qrels.txt", 1000, 42L, false, evaluator.judgedQueries(), runs, null);
    }
}
