package io.clirbench.eval.qa;

import io.clirbench.eval.pipeline.CallerHandle;
import io.clirbench.eval.pipeline.EvaluationState;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;

/**
 * The QA tables ({@code qa_eval_run}, {@code qa_eval_prediction}); every method runs on a caller's connection, through
 * Jdbi ({@link CallerHandle}). The report files are in the pipeline's {@link io.clirbench.eval.pipeline.ReportFileStore}.
 */
@ApplicationScoped
public class QaStore {

    private static final String COLUMNS = "run_id, state, started, completed, message, evaluation_millis FROM qa_eval_run WHERE run_id = ?";
    private static final RowMapper<Run> RUN = ConstructorMapper.of(Run.class);

    /** One stored QA run. */
    public record Run(String runId, EvaluationState state, byte[] started, byte[] completed, String message, Long evaluationMillis) {
    }

    public Optional<Run> find(Connection c, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + COLUMNS, runId).map(RUN).findOne());
    }

    /**
     * The run's row locked until the transaction ends ({@code SELECT ... FOR UPDATE}), empty when the run is unknown:
     * the events of one run are applied one after the other on every replica sharing the database.
     */
    public Optional<Run> lock(Connection c, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + COLUMNS + " FOR UPDATE", runId).map(RUN).findOne());
    }

    public List<String> inState(Connection c, EvaluationState state) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT run_id FROM qa_eval_run WHERE state = ? ORDER BY created_at", state.name())
                .mapTo(String.class).list());
    }

    /**
     * Creates the run RECEIVING with its QaRunStarted unless it exists; a concurrent first insert of another replica
     * is waited for, not an error ({@code ON CONFLICT DO NOTHING}).
     */
    public void insertIfAbsent(Connection c, String runId, byte[] started) throws SQLException {
        CallerHandle.with(c, h -> h.execute("INSERT INTO qa_eval_run (run_id, state, started, created_at) VALUES (?, ?, ?, ?) "
                + "ON CONFLICT DO NOTHING", runId, EvaluationState.RECEIVING.name(), started, System.currentTimeMillis()));
    }

    public void setCompleted(Connection c, String runId, byte[] completed) throws SQLException {
        CallerHandle.with(c, h -> h.execute("UPDATE qa_eval_run SET completed = ? WHERE run_id = ?", completed, runId));
    }

    /** Moves the run from {@code from} to {@code to}; false when it was not in {@code from}. */
    public boolean setState(Connection c, String runId, EvaluationState from, EvaluationState to, String message,
                            Long evaluationMillis) throws SQLException {
        return CallerHandle.with(c, h -> h.createUpdate(
                        "UPDATE qa_eval_run SET state = ?, message = ?, evaluation_millis = ? WHERE run_id = ? AND state = ?")
                .bind(0, to.name()).bind(1, message).bind(2, evaluationMillis).bind(3, runId).bind(4, from.name())
                .execute()) == 1;
    }

    public Optional<byte[]> prediction(Connection c, String runId, String system, String instanceId) throws SQLException {
        return CallerHandle.with(c, h -> h.select(
                        "SELECT prediction FROM qa_eval_prediction WHERE run_id = ? AND system = ? AND instance_id = ?",
                        runId, system, instanceId)
                .mapTo(byte[].class).findOne());
    }

    public void insertPrediction(Connection c, String runId, String system, String instanceId, byte[] bytes) throws SQLException {
        CallerHandle.with(c, h -> h.execute("INSERT INTO qa_eval_prediction (run_id, system, instance_id, prediction, stored_at) "
                + "VALUES (?,?,?,?,?)", runId, system, instanceId, bytes, System.currentTimeMillis()));
    }

    /** Predictions received per system. */
    public Map<String, Integer> counts(Connection c, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select(
                        "SELECT system, COUNT(*) FROM qa_eval_prediction WHERE run_id = ? GROUP BY system ORDER BY system", runId)
                .reduceRows(new LinkedHashMap<String, Integer>(), (counts, row) -> {
                    counts.put(row.getColumn(1, String.class), row.getColumn(2, Integer.class));
                    return counts;
                }));
    }

    /** Every stored prediction of one system, in instance id order. */
    public List<byte[]> predictions(Connection c, String runId, String system) throws SQLException {
        return CallerHandle.with(c, h -> h.select(
                        "SELECT prediction FROM qa_eval_prediction WHERE run_id = ? AND system = ? ORDER BY instance_id",
                        runId, system)
                .mapTo(byte[].class).list());
    }
}
