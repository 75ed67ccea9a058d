package io.clirbench.eval.retrieval;

import io.clirbench.eval.pipeline.EvaluationState;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code eval_run} table; every method runs on the caller's connection (and transaction). */
@ApplicationScoped
public class EvaluationStore {

    private static final String COLUMNS =
            "run_id, state, started, completed, message, created_at, completed_at, evaluation_millis";

    public Optional<RunRow> find(Connection c, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM eval_run WHERE run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
    }

    /**
     * The run's row, created PENDING if absent, locked until the transaction ends ({@code SELECT ... FOR
     * UPDATE}): events of one run are applied one after the other on every replica sharing the database.
     * A concurrent first insert of another replica is waited for, not an error ({@code ON CONFLICT DO NOTHING}).
     */
    public RunRow lock(Connection c, String runId, long now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO eval_run (run_id, state, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            s.setString(1, runId);
            s.setString(2, EvaluationState.PENDING.name());
            s.setLong(3, now);
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM eval_run WHERE run_id = ? FOR UPDATE")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("run '" + runId + "' vanished while being locked");
                }
                return row(rs);
            }
        }
    }

    /** Every run, newest first. */
    public List<RunRow> list(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM eval_run ORDER BY created_at DESC, run_id");
             ResultSet rs = s.executeQuery()) {
            List<RunRow> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(row(rs));
            }
            return rows;
        }
    }

    public List<String> idsInState(Connection c, EvaluationState state) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT run_id FROM eval_run WHERE state = ? ORDER BY created_at")) {
            s.setString(1, state.name());
            try (ResultSet rs = s.executeQuery()) {
                List<String> ids = new ArrayList<>();
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
                return ids;
            }
        }
    }

    public void insert(Connection c, String runId, EvaluationState state, long now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO eval_run (run_id, state, created_at) VALUES (?, ?, ?)")) {
            s.setString(1, runId);
            s.setString(2, state.name());
            s.setLong(3, now);
            s.executeUpdate();
        }
    }

    public void setStarted(Connection c, String runId, byte[] started, EvaluationState state) throws SQLException {
        update(c, "UPDATE eval_run SET started = ?, state = ? WHERE run_id = ?", started, state.name(), runId);
    }

    /** Records the content hash of the dataset files whose corpus order the run's packed hits index into. */
    public void setCorpusHash(Connection c, String runId, String hash) throws SQLException {
        update(c, "UPDATE eval_run SET corpus_hash = ? WHERE run_id = ?", hash, runId);
    }

    /** {@link #setCorpusHash}'s hash, or empty for a run started before it was recorded (or not started). */
    public Optional<String> corpusHash(Connection c, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT corpus_hash FROM eval_run WHERE run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        }
    }

    public void setCompleted(Connection c, String runId, byte[] completed) throws SQLException {
        update(c, "UPDATE eval_run SET completed = ? WHERE run_id = ?", completed, runId);
    }

    public void setState(Connection c, String runId, EvaluationState state) throws SQLException {
        update(c, "UPDATE eval_run SET state = ? WHERE run_id = ?", state.name(), runId);
    }

    /** Moves a run to a final state; returns false when it was not in {@code from} (someone else finished it). */
    public boolean finish(Connection c, String runId, EvaluationState from, EvaluationState to, String message, long completedAt,
                          Long evaluationMillis) throws SQLException {
        return update(c, "UPDATE eval_run SET state = ?, message = ?, completed_at = ?, evaluation_millis = ? "
                + "WHERE run_id = ? AND state = ?", to.name(), message, completedAt, evaluationMillis, runId, from.name()) == 1;
    }

    private static int update(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setObject(i + 1, values[i]);
            }
            return s.executeUpdate();
        }
    }

    private static RunRow row(ResultSet rs) throws SQLException {
        return new RunRow(rs.getString(1), EvaluationState.valueOf(rs.getString(2)), rs.getBytes(3), rs.getBytes(4),
                rs.getString(5), rs.getLong(6), (Long) rs.getObject(7, Long.class), (Long) rs.getObject(8, Long.class));
    }
}
