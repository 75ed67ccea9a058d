package io.clirbench.eval.pipeline;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;

/**
 * The {@code eval_evaluation} table, the queue of every pillar's evaluations that every replica shares, keyed by
 * (kind, run id); every method runs on the caller's connection. A row exists while its run is EVALUATING: it is
 * added in the transaction that moves the run there and removed in the one that ends the evaluation. A claim is one
 * conditional UPDATE, so of two replicas claiming the same run exactly one changes the row (PostgreSQL re-reads the
 * row under its lock; H2 locks it likewise). Statements through Jdbi ({@link CallerHandle}).
 */
@ApplicationScoped
public class EvaluationQueueStore {

    private static final String COLUMNS = "kind, run_id, cost, queued_at, owner, expires_at, claims";
    private static final String KEY = " WHERE kind = ? AND run_id = ?";
    private static final RowMapper<QueuedEvaluation> ROW = ConstructorMapper.of(QueuedEvaluation.class);

    /** Queues a run (no owner); a run already queued keeps its row. */
    public void enqueue(Connection c, EvaluationKind kind, String runId, long cost, long now) throws SQLException {
        update(c, "INSERT INTO eval_evaluation (kind, run_id, cost, queued_at, claims) VALUES (?, ?, ?, ?, 0) "
                + "ON CONFLICT DO NOTHING", kind.name(), runId, cost, now);
    }

    /** Every queued or running evaluation, oldest first. */
    public List<QueuedEvaluation> list(Connection c) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + COLUMNS + " FROM eval_evaluation ORDER BY queued_at, kind, run_id")
                .map(ROW).list());
    }

    public Optional<QueuedEvaluation> find(Connection c, EvaluationKind kind, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + COLUMNS + " FROM eval_evaluation" + KEY, kind.name(), runId)
                .map(ROW).findOne());
    }

    /** Takes the run for {@code owner} until {@code expiresAt} if nobody holds it or the holder's lease ended before {@code now}. */
    public boolean claim(Connection c, EvaluationKind kind, String runId, String owner, long now, long expiresAt) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET owner = ?, expires_at = ?, claims = claims + 1" + KEY
                + " AND (owner IS NULL OR expires_at IS NULL OR expires_at < ?)", owner, expiresAt, kind.name(), runId, now) == 1;
    }

    /** Extends every lease {@code owner} holds; the number renewed. */
    public int renew(Connection c, String owner, long expiresAt) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET expires_at = ? WHERE owner = ?", expiresAt, owner);
    }

    /** Gives back the lease of one run (its evaluation failed here), so that a next claim, here or elsewhere, retries it. */
    public int release(Connection c, EvaluationKind kind, String runId, String owner) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET owner = NULL, expires_at = NULL" + KEY + " AND owner = ?",
                kind.name(), runId, owner);
    }

    /** Gives back what {@code owner} holds (a clean stop), so another replica need not wait for the leases to end. */
    public int release(Connection c, String owner) throws SQLException {
        return update(c, "UPDATE eval_evaluation SET owner = NULL, expires_at = NULL WHERE owner = ?", owner);
    }

    /** Whether {@code owner} holds the run's lease now (call it with the run row locked). */
    public boolean holds(Connection c, EvaluationKind kind, String runId, String owner) throws SQLException {
        return find(c, kind, runId).map(e -> owner.equals(e.owner())).orElse(false);
    }

    /** Removes the row when its evaluation ended (report stored or run failed). */
    public void remove(Connection c, EvaluationKind kind, String runId) throws SQLException {
        update(c, "DELETE FROM eval_evaluation" + KEY, kind.name(), runId);
    }

    private static int update(Connection c, String sql, Object... values) throws SQLException {
        return CallerHandle.with(c, h -> h.execute(sql, values));
    }
}
