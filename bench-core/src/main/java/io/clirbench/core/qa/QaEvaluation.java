package io.clirbench.core.qa;

import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.qa.stats.QaStatistics;
import io.clirbench.core.stats.Stats;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The evaluation of one or more QA systems on one dataset (METRICS.md §4): every system scored in one pass over the
 * instances, then, unless turned off, the intervals and paired tests across them. {@code bench qa eval} and the
 * eval-service both evaluate here; {@link io.clirbench.core.qa.report.QaReportBundle} renders the result.
 */
public final class QaEvaluation {

    /**
     * One system's predictions.
     *
     * @param system      the system's name in the report (unique among the inputs)
     * @param source      where its predictions came from (a file path, or the event stream), the report's "file"
     * @param predictions predictions by instance id
     */
    public record Input(String system, String source, Map<String, QaPrediction> predictions) {
    }

    private QaEvaluation() {
    }

    /**
     * Validates the dataset in {@code dir} and scores every input against it in the same read, on every core
     * ({@link QaDatasetReader#scan}); the same result as {@link #evaluate(QaDatasetReader, Protocol, List, Stats)} on the
     * opened dataset (examples aggregated in gold order), and the same problems thrown for a bad dataset.
     *
     * @param perExample keep the per-example records ({@link QaResult#examples}); the intervals need them and keep them
     *                   whatever this says; the report files per-example.csv and report.html need them
     */
    public static QaRun evaluate(Path dir, Protocol protocol, List<Input> inputs, Stats stats, boolean perExample) {
        return evaluate(dir, protocol, inputs, stats, perExample, QaMeasures.STANDARD);
    }

    /**
     * As {@link #evaluate(Path, Protocol, List, Stats, boolean)}, measuring the measures of {@code measures} (bench-core
     * README, "How to add a measure").
     */
    public static QaRun evaluate(Path dir, Protocol protocol, List<Input> inputs, Stats stats, boolean perExample,
                                 QaMeasures measures) {
        Map<String, QaEvaluator> evaluators = evaluators(protocol, inputs, perExample || stats.enabled(), true, measures);
        List<QaEvaluator> each = List.copyOf(evaluators.values());
        QaDatasetReader dataset = QaDatasetReader.scan(dir, instance -> {
            ExampleRecord[] scored = new ExampleRecord[each.size()];
            for (int i = 0; i < scored.length; i++) {
                scored[i] = each.get(i).score(instance);
            }
            return scored;
        }, scored -> {
            for (int i = 0; i < scored.length; i++) {
                each.get(i).add(scored[i]);
            }
        });
        return finish(dataset, protocol, inputs, evaluators, stats);
    }

    /** Scores every input against {@code dataset} under {@code protocol}; systems keep the inputs' order. */
    public static QaRun evaluate(QaDatasetReader dataset, Protocol protocol, List<Input> inputs, Stats stats) {
        Map<String, QaEvaluator> evaluators = evaluators(protocol, inputs, true, false, QaMeasures.STANDARD);
        dataset.stream(instance -> evaluators.values().forEach(e -> e.accept(instance)));
        return finish(dataset, protocol, inputs, evaluators, stats);
    }

    private static Map<String, QaEvaluator> evaluators(Protocol protocol, List<Input> inputs, boolean keepExamples,
                                                       boolean uniqueIds, QaMeasures measures) {
        Map<String, QaEvaluator> evaluators = new LinkedHashMap<>();
        for (Input in : inputs) {
            QaEvaluator evaluator = new QaEvaluator(protocol, in.predictions(), keepExamples, uniqueIds, measures);
            if (evaluators.put(in.system(), evaluator) != null) {
                throw new IllegalArgumentException("two QA systems are named '" + in.system() + "'");
            }
        }
        return evaluators;
    }

    private static QaRun finish(QaDatasetReader dataset, Protocol protocol, List<Input> inputs, Map<String, QaEvaluator> evaluators,
                                Stats stats) {
        Map<String, String> sources = new LinkedHashMap<>();
        inputs.forEach(in -> sources.put(in.system(), in.source()));
        Map<String, QaResult> results = new LinkedHashMap<>();
        evaluators.forEach((name, e) -> results.put(name, e.finish()));
        QaStatistics.Outcome statistics = stats.enabled() ? new QaStatistics(stats).compute(results) : null;
        return new QaRun(dataset.info().id(), protocol, results, sources, statistics, stats.bootstrap(), stats.seed());
    }
}
