package io.clirbench.core.eval;

import io.clirbench.core.Version;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.stats.Stats;
import java.util.List;
import java.util.function.Consumer;

/**
 * The evaluation of several retrieval runs on one dataset: the §1 and §2 results of each run and, unless turned
 * off, the §3 statistics across them. {@code bench eval}, {@code bench repro} and the eval-service all evaluate
 * here, so the same lists give the same report; {@link io.clirbench.core.report.ReportBundle} renders it.
 */
public final class RetrievalEvaluation {

    private RetrievalEvaluation() {
    }

    /**
     * @param evaluations the runs, each evaluated by {@code evaluator}, in report order
     * @param stats       resamples (0 turns the statistics off) and seed
     * @param log         receives one line on how long the statistics took
     */
    public static EvalReport evaluate(Dataset dataset, RunEvaluator evaluator, List<RunEvaluation> evaluations,
                                      int depth, Stats stats, Consumer<String> log) {
        return new EvalReport("clirbench " + Version.current(), EvalReport.DatasetRef.of(dataset), null, depth, stats.seed(),
                dataset.info().familyExpansion(), evaluator.judgedQueries(),
                evaluations.stream().map(RunEvaluation::report).toList(), statistics(evaluations, stats, log));
    }

    /** METRICS.md §3 across the runs; {@code null} when turned off or when no query has gold. */
    private static StatisticsReport statistics(List<RunEvaluation> evaluations, Stats stats, Consumer<String> log) {
        if (!stats.enabled() || evaluations.isEmpty() || evaluations.get(0).outcomes().isEmpty()) {
            return null;
        }
        long start = System.nanoTime();
        StatisticsReport statistics = new Significance(stats.bootstrap(), stats.seed(), 0.95).analyse(
                evaluations.stream().map(e -> e.report().name()).toList(),
                evaluations.stream().map(RunEvaluation::outcomes).toList());
        log.accept(String.format(java.util.Locale.ROOT, "statistics: B = %,d in %.1f s", stats.bootstrap(),
                (System.nanoTime() - start) / 1e9));
        return statistics;
    }
}
