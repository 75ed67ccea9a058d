package io.clirbench.eval.pipeline;

/** The three pillars the pipeline evaluates; a queued evaluation and a report file are keyed by kind and run id. */
public enum EvaluationKind {
    /** A retrieval run: runs.v1 and query-results.v1, package {@code evaluation}. */
    RETRIEVAL,
    /** A QA run: qa-predictions.v1, package {@code qa}. */
    QA,
    /** An agent run: agent-calls.v1, package {@code agent}. */
    AGENT
}
