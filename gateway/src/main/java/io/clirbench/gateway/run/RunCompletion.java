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
 */
public record RunCompletion(String runId, Outcome outcome, String message, Map<String, Integer> publishedQueries,
                            Map<String, String> failedRetrievers) {

    /** The outcome of a run's retrieval part. */
    public enum Outcome { SUCCEEDED, FAILED, CANCELLED }

    public RunCompletion {
        message = message == null ? "" : message;
        publishedQueries = Map.copyOf(publishedQueries);
        failedRetrievers = Map.copyOf(failedRetrievers);
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
        for (RetrieverProgress p : run.retrievers()) {
            published.put(p.id(), p.published());
        }
        return new RunCompletion(run.id(), outcome, message, published, failedRetrievers);
    }
}
