package io.clirbench.core.eval;

import io.clirbench.core.Version;
import io.clirbench.core.io.InputLimits;
import io.clirbench.core.model.Dataset;
import java.util.List;
import java.util.function.Consumer;

/**
 * Assembles the report of several evaluated runs on one dataset: the §1 and §2 results of each
 * run and, unless turned off, the §3 statistics across them. {@code bench eval} and the
 * eval-service both build their reports here, so the same lists give the same report.
 */
public final class DatasetEvaluation {

    private DatasetEvaluation() {
    }

    /**
     * @param bootstrap resamples for intervals and tests; 0 turns the statistics off
     * @param log       receives one line on how long the statistics took
     */
    public static EvalReport report(Dataset dataset, RunEvaluator evaluator, List<RunEvaluation> evaluations,
                                    int depth, long seed, int bootstrap, Consumer<String> log) {
        InputLimits.requireBootstrap(bootstrap);
        return new EvalReport("clirbench " + Version.current(), EvalReport.DatasetRef.of(dataset), null, depth, seed,
                dataset.info().familyExpansion(), evaluator.judgedQueries(),
                evaluations.stream().map(RunEvaluation::report).toList(), statistics(evaluations, seed, bootstrap, log));
    }

    /** METRICS.md §3 across the runs; {@code null} when turned off or when no query has gold. */
    private static StatisticsReport statistics(List<RunEvaluation> evaluations, long seed, int bootstrap, Consumer<String> log) {
        if (bootstrap == 0 || evaluations.isEmpty() || evaluations.get(0).outcomes().isEmpty()) {
            return null;
        }
        long start = System.nanoTime();
        StatisticsReport statistics = new Significance(bootstrap, seed, 0.95).analyse(
                evaluations.stream().map(e -> e.report().name()).toList(),
                evaluations.stream().map(RunEvaluation::outcomes).toList());
        log.accept(String.format(java.util.Locale.ROOT, "statistics: B = %,d in %.1f s", bootstrap, (System.nanoTime() - start) / 1e9));
        return statistics;
    }
}
