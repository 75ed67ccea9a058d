package io.clirbench.core.qa;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.qa.stats.QaStatistics;
import io.clirbench.core.stats.Stats;
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

    /** Scores every input against {@code dataset} under {@code protocol}; systems keep the inputs' order. */
    public static QaRun evaluate(QaDatasetReader dataset, Protocol protocol, List<Input> inputs, Stats stats) {
        Map<String, QaEvaluator> evaluators = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        for (Input in : inputs) {
            if (evaluators.put(in.system(), new QaEvaluator(protocol, in.predictions())) != null) {
                throw new IllegalArgumentException("two QA systems are named '" + in.system() + "'");
            }
            sources.put(in.system(), in.source());
        }
        dataset.stream(instance -> evaluators.values().forEach(e -> e.accept(instance)));
        Map<String, QaResult> results = new LinkedHashMap<>();
        evaluators.forEach((name, e) -> results.put(name, e.finish()));
        QaStatistics.Outcome statistics = stats.enabled() ? new QaStatistics(stats).compute(results) : null;
        return new QaRun(dataset.info().id(), protocol, results, sources, statistics, stats.bootstrap(), stats.seed());
    }
}
