package io.clirbench.eval.agent;

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
 * The agent_eval_* tables (runs, calls, answers); every method works inside the caller's transaction, through Jdbi
 * ({@link CallerHandle}). The report files are in the pipeline's {@link io.clirbench.eval.pipeline.ReportFileStore}.
 */
@ApplicationScoped
public class AgentEvalStore {

    private static final String RUN_COLUMNS = "run_id, state, opened, closed, message FROM agent_eval_run WHERE run_id = ?";
    private static final RowMapper<RunRow> RUN = ConstructorMapper.of(RunRow.class);

    /** A run's row. */
    public record RunRow(String runId, EvaluationState state, byte[] opened, byte[] closed, String message) {
    }

    public Optional<RunRow> run(Connection c, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + RUN_COLUMNS, runId).map(RUN).findOne());
    }

    /**
     * The run's row, created RECEIVING when this is its first event, locked until the transaction ends ({@code SELECT
     * ... FOR UPDATE}): the events of one run are applied one after the other on every replica sharing the database. A
     * concurrent first insert of another replica is waited for, not an error ({@code ON CONFLICT DO NOTHING}).
     */
    public RunRow lockOrCreate(Connection c, String runId) throws SQLException {
        return CallerHandle.with(c, h -> {
            h.execute("INSERT INTO agent_eval_run (run_id, state, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    runId, EvaluationState.RECEIVING.name(), System.currentTimeMillis());
            return h.select("SELECT " + RUN_COLUMNS + " FOR UPDATE", runId).map(RUN).findOne()
                    .orElseThrow(() -> new SQLException("agent run '" + runId + "' vanished while being locked"));
        });
    }

    public void setOpened(Connection c, String runId, byte[] opened) throws SQLException {
        update(c, "UPDATE agent_eval_run SET opened = ? WHERE run_id = ? AND opened IS NULL", opened, runId);
    }

    public void setClosed(Connection c, String runId, byte[] closed) throws SQLException {
        update(c, "UPDATE agent_eval_run SET closed = ? WHERE run_id = ? AND closed IS NULL", closed, runId);
    }

    /** Moves the run from {@code from} to {@code to}; false when it was not in {@code from}. */
    public boolean setState(Connection c, String runId, EvaluationState from, EvaluationState to, String message)
            throws SQLException {
        return CallerHandle.with(c, h -> h.createUpdate(
                        "UPDATE agent_eval_run SET state = ?, message = ? WHERE run_id = ? AND state = ?")
                .bind(0, to.name()).bind(1, message).bind(2, runId).bind(3, from.name()).execute()) == 1;
    }

    public List<String> inState(Connection c, EvaluationState state) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT run_id FROM agent_eval_run WHERE state = ? ORDER BY created_at",
                state.name()).mapTo(String.class).list());
    }

    /** Stores a call unless one with the same key is stored; true when stored now. */
    public boolean insertCall(Connection c, String runId, String queryId, int index, byte[] event) throws SQLException {
        return update(c, "INSERT INTO agent_eval_call (run_id, query_id, call_index, event) "
                + "SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_eval_call WHERE run_id = ? AND query_id = ? "
                + "AND call_index = ?)", runId, queryId, index, event, runId, queryId, index) == 1;
    }

    public boolean insertAnswer(Connection c, String runId, String queryId, byte[] event) throws SQLException {
        return update(c, "INSERT INTO agent_eval_answer (run_id, query_id, event) "
                + "SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_eval_answer WHERE run_id = ? AND query_id = ?)",
                runId, queryId, event, runId, queryId) == 1;
    }

    public int count(Connection c, String table, String runId) throws SQLException {
        String sql = switch (table) {
            case "calls" -> "SELECT COUNT(*) FROM agent_eval_call WHERE run_id = ?";
            case "answers" -> "SELECT COUNT(*) FROM agent_eval_answer WHERE run_id = ?";
            default -> throw new IllegalArgumentException(table);
        };
        return CallerHandle.with(c, h -> h.select(sql, runId).mapTo(Integer.class).one());
    }

    /** Every stored call event, ordered by query then call index. */
    public List<byte[]> calls(Connection c, String runId) throws SQLException {
        return events(c, "SELECT event FROM agent_eval_call WHERE run_id = ? ORDER BY query_id, call_index", runId);
    }

    public List<byte[]> answers(Connection c, String runId) throws SQLException {
        return events(c, "SELECT event FROM agent_eval_answer WHERE run_id = ? ORDER BY query_id", runId);
    }

    /** Every run id with its state, newest first. */
    public Map<String, String> states(Connection c) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT run_id, state FROM agent_eval_run ORDER BY created_at DESC")
                .reduceRows(new LinkedHashMap<String, String>(), (states, row) -> {
                    states.put(row.getColumn(1, String.class), row.getColumn(2, String.class));
                    return states;
                }));
    }

    private static List<byte[]> events(Connection c, String sql, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select(sql, runId).mapTo(byte[].class).list());
    }

    private static int update(Connection c, String sql, Object... args) throws SQLException {
        return CallerHandle.with(c, h -> h.execute(sql, args));
    }
}
