package io.clirbench.eval.agent;

import io.clirbench.eval.pipeline.EvaluationState;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The agent_eval_* tables (runs, calls, answers); every method works inside the caller's transaction. The report
 * files are in the pipeline's {@link io.clirbench.eval.pipeline.ReportFileStore}.
 */
@ApplicationScoped
public class AgentEvalStore {

    /** A run's row. */
    public record RunRow(String runId, EvaluationState state, byte[] opened, byte[] closed, String message) {
    }

    public Optional<RunRow> run(Connection c, String runId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "SELECT state, opened, closed, message FROM agent_eval_run WHERE run_id = ?")) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(new RunRow(runId, EvaluationState.valueOf(rs.getString(1)), rs.getBytes(2),
                        rs.getBytes(3), rs.getString(4))) : Optional.empty();
            }
        }
    }

    /**
     * The run's row, created RECEIVING when this is its first event, locked until the transaction ends ({@code SELECT
     * ... FOR UPDATE}): the events of one run are applied one after the other on every replica sharing the database. A
     * concurrent first insert of another replica is waited for, not an error ({@code ON CONFLICT DO NOTHING}).
     */
    public RunRow lockOrCreate(Connection c, String runId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO agent_eval_run (run_id, state, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            st.setString(1, runId);
            st.setString(2, EvaluationState.RECEIVING.name());
            st.setLong(3, System.currentTimeMillis());
            st.executeUpdate();
        }
        try (PreparedStatement st = c.prepareStatement(
                "SELECT state, opened, closed, message FROM agent_eval_run WHERE run_id = ? FOR UPDATE")) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("agent run '" + runId + "' vanished while being locked");
                }
                return new RunRow(runId, EvaluationState.valueOf(rs.getString(1)), rs.getBytes(2), rs.getBytes(3), rs.getString(4));
            }
        }
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
        return update(c, "UPDATE agent_eval_run SET state = ?, message = ? WHERE run_id = ? AND state = ?", to.name(), message,
                runId, from.name()) == 1;
    }

    public List<String> inState(Connection c, EvaluationState state) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT run_id FROM agent_eval_run WHERE state = ? ORDER BY created_at")) {
            st.setString(1, state.name());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Stores a call unless one with the same key is stored; true when stored now. */
    public boolean insertCall(Connection c, String runId, String queryId, int index, byte[] event) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO agent_eval_call (run_id, query_id, call_index, event) "
                + "SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_eval_call WHERE run_id = ? AND query_id = ? "
                + "AND call_index = ?)")) {
            st.setString(1, runId);
            st.setString(2, queryId);
            st.setInt(3, index);
            st.setBytes(4, event);
            st.setString(5, runId);
            st.setString(6, queryId);
            st.setInt(7, index);
            return st.executeUpdate() == 1;
        }
    }

    public boolean insertAnswer(Connection c, String runId, String queryId, byte[] event) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO agent_eval_answer (run_id, query_id, event) "
                + "SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_eval_answer WHERE run_id = ? AND query_id = ?)")) {
            st.setString(1, runId);
            st.setString(2, queryId);
            st.setBytes(3, event);
            st.setString(4, runId);
            st.setString(5, queryId);
            return st.executeUpdate() == 1;
        }
    }

    public int count(Connection c, String table, String runId) throws SQLException {
        String sql = switch (table) {
            case "calls" -> "SELECT COUNT(*) FROM agent_eval_call WHERE run_id = ?";
            case "answers" -> "SELECT COUNT(*) FROM agent_eval_answer WHERE run_id = ?";
            default -> throw new IllegalArgumentException(table);
        };
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
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
        Map<String, String> out = new LinkedHashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT run_id, state FROM agent_eval_run ORDER BY created_at DESC");
             ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    private static List<byte[]> events(Connection c, String sql, String runId) throws SQLException {
        List<byte[]> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getBytes(1));
                }
            }
        }
        return out;
    }

    private static int update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            return st.executeUpdate();
        }
    }
}
