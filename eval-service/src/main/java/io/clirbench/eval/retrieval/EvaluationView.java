package io.clirbench.eval.retrieval;

import java.util.List;

/**
 * A run as {@code GET /api/runs/{runId}} shows it.
 *
 * @param state            PENDING, RECEIVING, EVALUATING, COMPLETED, FAILED or CANCELLED
 * @param createdAt        ISO-8601 instant of the first event stored
 * @param completedAt      ISO-8601 instant the run ended, or {@code null}
 * @param evaluationMillis how long the report took, or {@code null}
 */
public record EvaluationView(String runId, String datasetId, String datasetVersion, String state, Integer depth,
                      List<RetrieverView> retrievers, String message, String createdAt, String completedAt,
                      Long evaluationMillis) {

    /**
     * @param received  query results stored
     * @param expected  RunStarted.expected_queries, or {@code null} before it
     * @param published RunCompleted.published_queries of this retriever, or {@code null} before it
     */
    public record RetrieverView(String id, int received, Integer expected, Integer published) {
    }
}
