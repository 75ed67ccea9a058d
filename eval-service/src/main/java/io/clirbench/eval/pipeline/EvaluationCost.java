package io.clirbench.eval.pipeline;

import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import java.util.Locale;

/**
 * The cost of evaluating a run, in query-resamples: queries x retrievers x max(1, B). The report's
 * bootstrap (METRICS.md) draws B resamples of each retriever's per-query values and of every pair's
 * differences, so its time grows with that product; without a bootstrap a run still costs one pass
 * per query and retriever. The same unit bounds what a run may ask for ({@code eval.evaluation.max-cost})
 * and decides which runs are small ({@code eval.evaluation.small-cost}). Every pillar counts its per-query
 * (per-instance) value vectors the same way: retrieval lists (queries x retrievers), QA predictions (instances x
 * systems), agent questions; each times max(1, B) ({@link #of(long, int)}).
 */
public final class EvaluationCost {

    private EvaluationCost() {
    }

    /** The estimate at RunStarted: its expected queries (the dataset's when it says 0) for each retriever. */
    public static long estimate(RunStarted started, int datasetQueries) {
        long queries = started.getExpectedQueries() > 0 ? started.getExpectedQueries() : datasetQueries;
        return of(queries * started.getRetrieversCount(), started.getBootstrap());
    }

    /** The cost of a complete run: the results RunCompleted says were published, over every retriever. */
    public static long of(RunStarted started, RunCompleted completed) {
        long lists = 0;
        for (var retriever : started.getRetrieversList()) {
            lists += completed.getPublishedQueriesOrDefault(retriever.getId(), 0);
        }
        return of(lists, started.getBootstrap());
    }

    /** Why a run is refused for its cost, or {@code null}; the message names the estimate and the limit. */
    public static String overMax(RunStarted started, int datasetQueries, long maxCost) {
        long cost = estimate(started, datasetQueries);
        if (cost <= maxCost) {
            return null;
        }
        long queries = started.getExpectedQueries() > 0 ? started.getExpectedQueries() : datasetQueries;
        return String.format(Locale.ROOT, "estimated evaluation cost %,d query-resamples (%d queries x %d retrievers x B %d) "
                        + "is above eval.evaluation.max-cost %,d; the run is not evaluated", cost, queries,
                started.getRetrieversCount(), Math.max(1, started.getBootstrap()), maxCost);
    }

    /** The cost of {@code lists} per-query value vectors resampled {@code bootstrap} times (once without a bootstrap). */
    public static long of(long lists, int bootstrap) {
        return Math.multiplyExact(lists, (long) Math.max(1, bootstrap));
    }
}
