package io.clirbench.eval.qa;

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
 * The QA tables ({@code qa_eval_run}, {@code qa_eval_prediction}); every method runs on a caller's connection. The
 * report files are in the pipeline's {@link io.clirbench.eval.pipeline.ReportFileStore}.
 */
@ApplicationScoped
public class QaStore {

    private static final String COLUMNS = "run_id, state, started, completed, message, evaluation_millis FROM qa_eval_run WHERE run_id = ?";

    /** One stored QA run. */
    public record Run(String runId, EvaluationState state, byte[] started, byte[] completed, String message, Long evaluationMillis) {
    }

    public Optional<Run> find(Connection c, String runId) throws SQLException {
        return select(c, "SELECT " + COLUMNS, runId);
    }

    /**
     * The run's row locked until the transaction ends ({@code SELECT ... FOR UPDATE}), empty when the run is unknown:
     * the events of one run are applied one after the other on every replica sharing the database.
     */
    public Optional<Run> lock(Connection c, String runId) throws SQLException {
        return select(c, "SELECT " + COLUMNS + " FOR UPDATE", runId);
    }

    private static Optional<Run> select(Connection c, String sql, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                long ms = rs.getLong(6);
                return Optional.of(new Run(rs.getString(1), EvaluationState.valueOf(rs.getString(2)), rs.getBytes(3), rs.getBytes(4),
                        rs.getString(5), rs.wasNull() ? null : ms));
            }
        }
    }

    public List<String> inState(Connection c, EvaluationState state) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT run_id FROM qa_eval_run WHERE state = ? ORDER BY created_at")) {
            ps.setString(1, state.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /**
     * Creates the run RECEIVING with its QaRunStarted unless it exists; a concurrent first insert of another replica
     * is waited for, not an error ({@code ON CONFLICT DO NOTHING}).
     */
    public void insertIfAbsent(Connection c, String runId, byte[] started) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO qa_eval_run (run_id, state, started, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            ps.setString(1, runId);
            ps.setString(2, EvaluationState.RECEIVING.name());
            ps.setBytes(3, started);
            ps.setLong(4, System.currentTimeMillis());
            ps.executeUpdate();
        }
    }

    public void setCompleted(Connection c, String runId, byte[] completed) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE qa_eval_run SET completed = ? WHERE run_id = ?")) {
            ps.setBytes(1, completed);
            ps.setString(2, runId);
            ps.executeUpdate();
        }
    }

    /** Moves the run from {@code from} to {@code to}; false when it was not in {@code from}. */
    public boolean setState(Connection c, String runId, EvaluationState from, EvaluationState to, String message,
                            Long evaluationMillis) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE qa_eval_run SET state = ?, message = ?, evaluation_millis = ? WHERE run_id = ? AND state = ?")) {
            ps.setString(1, to.name());
            ps.setString(2, message);
            if (evaluationMillis == null) {
                ps.setNull(3, java.sql.Types.BIGINT);
            } else {
                ps.setLong(3, evaluationMillis);
            }
            ps.setString(4, runId);
            ps.setString(5, from.name());
            return ps.executeUpdate() == 1;
        }
    }

    public Optional<byte[]> prediction(Connection c, String runId, String system, String instanceId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT prediction FROM qa_eval_prediction WHERE run_id = ? AND system = ? AND instance_id = ?")) {
            ps.setString(1, runId);
            ps.setString(2, system);
            ps.setString(3, instanceId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
            }
        }
    }

    public void insertPrediction(Connection c, String runId, String system, String instanceId, byte[] bytes) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO qa_eval_prediction (run_id, system, instance_id, prediction, stored_at) VALUES (?,?,?,?,?)")) {
            ps.setString(1, runId);
            ps.setString(2, system);
            ps.setString(3, instanceId);
            ps.setBytes(4, bytes);
            ps.setLong(5, System.currentTimeMillis());
            ps.executeUpdate();
        }
    }

    /** Predictions received per system. */
    public Map<String, Integer> counts(Connection c, String runId) throws SQLException {
        Map<String, Integer> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT system, COUNT(*) FROM qa_eval_prediction WHERE run_id = ? GROUP BY system ORDER BY system")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2));
                }
            }
        }
        return out;
    }

    /** Every stored prediction of one system, in instance id order. */
    public List<byte[]> predictions(Connection c, String runId, String system) throws SQLException {
        List<byte[]> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT prediction FROM qa_eval_prediction WHERE run_id = ? AND system = ? ORDER BY instance_id")) {
            ps.setString(1, runId);
            ps.setString(2, system);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getBytes(1));
                }
            }
        }
        return out;
    }
}
