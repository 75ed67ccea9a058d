package io.clirbench.eval.pipeline;

/** Where a run of any pillar stands in the eval-service (QA and agent runs have no PENDING). */
public enum EvaluationState {
    /** Query results arrived before RunStarted; they wait, unvalidated (retrieval only). */
    PENDING,
    /** The run started (RunStarted, QaRunStarted, the first agent event); events are stored as they come. */
    RECEIVING,
    /** Every published event arrived; the run is in the evaluation queue, its report being computed. */
    EVALUATING,
    /** The report is stored. */
    COMPLETED,
    /** The run said FAILED, or the evaluation failed (see the message). */
    FAILED,
    /** The run said CANCELLED. */
    CANCELLED
}
