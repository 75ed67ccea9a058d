package io.clirbench.gateway.run;

import java.util.Map;

/**
 * How a run ended, as RunCompleted tells the eval-service.
 *
 * @param runId            the run
 * @param outcome          succeeded, failed or cancelled
 * @param message          why it failed or was cancelled (empty when it succeeded)
 * @param publishedQueries per retriever id, the query results the broker confirmed
 * @param failedRetrievers per retriever id that failed while the others went on, why (README "Faults")
 * @param costs            per retriever id, what this process measured of it (README "Efficiency")
 */
public record RunCompletion(String runId, Outcome outcome, String message, Map<String, Integer> publishedQueries,
                            Map<String, String> failedRetrievers,
                            Map<String, io.clirbench.core.efficiency.RetrieverCost> costs) {

    /** The outcome of a run's retrieval part. */
    public enum Outcome { SUCCEEDED, FAILED, CANCELLED }

    public RunCompletion {
        message = message == null ? "" : message;
        publishedQueries = Map.copyOf(publishedQueries);
        failedRetrievers = Map.copyOf(failedRetrievers);
        costs = costs == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(costs));
    }

    public RunCompletion(String runId, Outcome outcome, String message, Map<String, Integer> publishedQueries,
                         Map<String, String> failedRetrievers) {
        this(runId, outcome, message, publishedQueries, failedRetrievers, Map.of());
    }

    public RunCompletion(String runId, Outcome outcome, String message, Map<String, Integer> publishedQueries) {
        this(runId, outcome, message, publishedQueries, Map.of());
    }

    /** The completion of {@code run} now, with its confirmed counts. */
    static RunCompletion of(RunProgress run, Outcome outcome, String message) {
        return of(run, outcome, message, Map.of());
    }

    /** As {@link #of(RunProgress, Outcome, String)}, naming the retrievers that failed while the others went on. */
    static RunCompletion of(RunProgress run, Outcome outcome, String message, Map<String, String> failedRetrievers) {
        Map<String, Integer> published = new java.util.LinkedHashMap<>();
        Map<String, io.clirbench.core.efficiency.RetrieverCost> costs = new java.util.LinkedHashMap<>();
        for (RetrieverProgress p : run.retrievers()) {
            published.put(p.id(), p.published());
            costs.put(p.id(), p.meter().cost());
        }
        return new RunCompletion(run.id(), outcome, message, published, failedRetrievers, costs);
    }
}
