package io.clirbench.eval.pipeline;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * What the pipeline needs of one pillar to evaluate its runs: its run rows (lock, state) and which bench-core
 * evaluation turns the stored events into report files. One bean per {@link EvaluationKind}; the
 * {@link EvaluationRunner} does the rest (queue, leases, file store) the same way for all three.
 */
public interface PillarEvaluation {

    EvaluationKind kind();

    /** Locks the run's row until the transaction ends (every event of the run and the evaluation's end take it). */
    void lock(Connection c, String runId) throws SQLException;

    /** The report files of a run in EVALUATING, computed from what is stored, exactly as the pillar's bench command does. */
    Map<String, String> render(String runId);

    /** Moves the run from EVALUATING to {@code to}; false when it was not EVALUATING (something else ended it). */
    boolean finish(Connection c, String runId, EvaluationState to, String message, Long evaluationMillis)
            throws SQLException;

    /** The ids of the runs in EVALUATING, oldest first. */
    List<String> evaluating(Connection c) throws SQLException;

    /** The cost of a run in EVALUATING, in query-resamples, from what is stored ({@link EvaluationCost}). */
    long cost(Connection c, String runId) throws SQLException;
}
