package io.clirbench.eval.store;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code eval_evaluation} table, the queue that every replica shares; every method runs on the
 * caller's connection. A claim is one conditional UPDATE, so of two replicas claiming the same run
 * exactly one changes the row (PostgreSQL re-reads the row under its lock; H2 locks it likewise).
 */
@ApplicationScoped
public class EvaluationQueueStore {

    private static final String COLUMNS = "e.run_id, e.cost, e.queued_at, e.owner, e.expires_at, e.claims";

    /** Queues a run (no owner); a run already queued keeps its row. */
    public void enqueue(Connection c, String runId, long cost, long now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO eval_evaluation (run_id, cost, queued_at, claims) "
                + "VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING")) {
            s.setString(1, runId);
            s.setLong(2, cost);
            s.setLong(3, now);
            s.executeUpdate();
        }
    }

    /** Rows of runs in EVALUATING, oldest first. */
    public List<QueuedEvaluation> list(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM eval_evaluation e JOIN eval_run r "
                + "ON r.run_id = e.run_id WHERE r.state = 'EVALUATING' ORDER BY e.queued_at, e.run_id");
             ResultSet rs = s.executeQuery()) {
            List<QueuedEvaluation> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new QueuedEvaluation(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getString(4),
                        rs.getObject(5, Long.class), rs.getInt(6)));
            }
            return rows;
        }
    }

    public Optional<QueuedEvaluation> find(Connection c, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM eval_evaluation e WHERE e.run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(new QueuedEvaluation(rs.getString(1), rs.getLong(2), rs.getLong(3),
                        rs.getString(4), rs.getObject(5, Long.class), rs.getInt(6))) : Optional.empty();
            }
        }
    }

    /** Takes the run for {@code owner} until {@code expiresAt} if nobody holds it or the holder's lease ended before {@code now}. */
    public boolean claim(Connection c, String runId, String owner, long now, long expiresAt) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET owner = ?, expires_at = ?, claims = claims + 1 WHERE run_id = ? "
                + "AND (owner IS NULL OR expires_at IS NULL OR expires_at < ?)", owner, expiresAt, runId, now) == 1;
    }

    /** Extends every lease {@code owner} holds; the number renewed. */
    public int renew(Connection c, String owner, long expiresAt) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET expires_at = ? WHERE owner = ?", expiresAt, owner);
    }

    /** Gives back the lease of one run (its evaluation failed here), so that a next claim, here or elsewhere, retries it. */
    public int release(Connection c, String runId, String owner) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET owner = NULL, expires_at = NULL WHERE run_id = ? AND owner = ?", runId, owner);
    }

    /** Gives back what {@code owner} holds (a clean stop), so another replica need not wait for the leases to end. */
    public int release(Connection c, String owner) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET owner = NULL, expires_at = NULL WHERE owner = ?", owner);
    }

    /** Whether {@code owner} holds the run's lease now (call it with the run row locked). */
    public boolean holds(Connection c, String runId, String owner) throws SQLException {
        return find(c, runId).map(e -> owner.equals(e.owner())).orElse(false);
    }

    /** Removes the row when its evaluation ended (report stored or run failed). */
    public void remove(Connection c, String runId) throws SQLException {
        update(c, "DELETE FROM eval_evaluation WHERE run_id = ?", runId);
    }

    private static int update(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setObject(i + 1, values[i]);
            }
            return s.executeUpdate();
        }
    }
}
