package io.clirbench.core.run;

/**
 * The states a run can be in as the services' APIs report them (the {@code state} field of a run's JSON): the
 * gateway's run lifecycle (retrieval and QA runs), the eval-service's evaluation states, and the two states of an
 * agent run. One home for the names, so the CLI and the gateway compare with constants, not string literals.
 */
public enum RunState {
    /** Gateway: waiting for a free slot ({@code gateway.runs.max-concurrent}). */
    QUEUED,
    /** Gateway: retrievers embedding, indexing, searching and publishing. */
    RUNNING,
    /** Eval-service: results arrived before the run's start event; they wait. */
    PENDING,
    /** Eval-service: the run started; results are scored as they come. */
    RECEIVING,
    /** Gateway and eval-service: every result is published; the report is being computed. */
    EVALUATING,
    /** Gateway: the eval-service has no state for the run yet (its evaluation's state while it waits). */
    WAITING,
    /** Gateway and eval-service: the report is stored. */
    COMPLETED,
    /** Gateway and eval-service: the run or its evaluation failed (see the message). */
    FAILED,
    /** Gateway and eval-service: cancelled on request. */
    CANCELLED,
    /** Gateway: the gateway stopped while the run was queued or running. */
    INTERRUPTED,
    /** Agent run: open for calls and answers. */
    OPEN,
    /** Agent run: closed; the eval-service evaluates it. */
    CLOSED;

    /** Whether a retrieval or QA run in this state has ended (it changes no more). */
    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED || this == INTERRUPTED;
    }

    /** Whether {@code reported} (a {@code state} field, possibly null or empty) names this state. */
    public boolean is(String reported) {
        return name().equals(reported);
    }

    /** Whether {@code reported} names a terminal state ({@link #terminal}); false for null and unknown names. */
    public static boolean isTerminal(String reported) {
        for (RunState s : values()) {
            if (s.is(reported)) {
                return s.terminal();
            }
        }
        return false;
    }
}
