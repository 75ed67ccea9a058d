package io.clirbench.eval.store;

/** Where a run stands in the eval-service. */
public enum EvaluationState {
    /** Query results arrived before RunStarted; they wait, unvalidated. */
    PENDING,
    /** RunStarted arrived; query results are validated and scored as they come. */
    RECEIVING,
    /** Every published result arrived; the report is being computed. */
    EVALUATING,
    /** The report is stored. */
    COMPLETED,
    /** RunCompleted said FAILED, or the evaluation failed (see the message). */
    FAILED,
    /** RunCompleted said CANCELLED. */
    CANCELLED
}
