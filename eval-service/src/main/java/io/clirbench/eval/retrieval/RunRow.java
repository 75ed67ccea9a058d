package io.clirbench.eval.retrieval;

import io.clirbench.eval.pipeline.EvaluationState;

/**
 * One row of {@code eval_run}.
 *
 * @param started   the RunStarted protobuf, or {@code null} before it arrived
 * @param completed the RunCompleted protobuf, or {@code null} before it arrived
 */
public record RunRow(String runId, EvaluationState state, byte[] started, byte[] completed, String message,
                     long createdAt, Long completedAt, Long evaluationMillis) {
}
