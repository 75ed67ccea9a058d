package io.clirbench.gateway.run;

import java.util.Map;

/**
 * How a run ended, as RunCompleted tells the eval-service.
 *
 * @param runId            the run
 * @param outcome          succeeded, failed or cancelled
 * @param message          why it failed or was cancelled (empty when it succeeded)
 * @param publishedQueries per retriever id, the query results the broker confirmed
 */
public record RunCompletion(String runId, Outcome outcome, String message, Map<String, Integer> publishedQueries) {

    /** The outcome of a run's retrieval part. */
    public enum Outcome { SUCCEEDED, FAILED, CANCELLED }

    public RunCompletion {
        message = message == null ? "" : message;
        publishedQueries = Map.copyOf(publishedQueries);
    }

    /** The completion of {@code run} now, with its confirmed counts. */
    static RunCompletion of(RunProgress run, Outcome outcome, String message) {
        Map<String, Integer> published = new java.util.LinkedHashMap<>();
        for (RetrieverProgress p : run.retrievers()) {
            published.put(p.id(), p.published());
        }
        return new RunCompletion(run.id(), outcome, message, published);
    }
}
