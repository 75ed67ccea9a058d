package io.clirbench.eval.retrieval;

import io.clirbench.eval.pipeline.CallerHandle;
import io.clirbench.eval.pipeline.EvaluationState;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;

/**
 * The {@code eval_run} table; every method runs on the caller's connection (and transaction), through Jdbi
 * ({@link CallerHandle}).
 */
@ApplicationScoped
public class EvaluationStore {

    private static final String COLUMNS =
            "run_id, state, started, completed, message, created_at, completed_at, evaluation_millis";
    private static final RowMapper<RunRow> ROW = ConstructorMapper.of(RunRow.class);

    public Optional<RunRow> find(Connection c, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + COLUMNS + " FROM eval_run WHERE run_id = ?", runId)
                .map(ROW).findOne());
    }

    /**
     * The run's row, created PENDING if absent, locked until the transaction ends ({@code SELECT ... FOR
     * UPDATE}): events of one run are applied one after the other on every replica sharing the database.
     * A concurrent first insert of another replica is waited for, not an error ({@code ON CONFLICT DO NOTHING}).
     */
    public RunRow lock(Connection c, String runId, long now) throws SQLException {
        return CallerHandle.with(c, h -> {
            h.execute("INSERT INTO eval_run (run_id, state, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    runId, EvaluationState.PENDING.name(), now);
            return h.select("SELECT " + COLUMNS + " FROM eval_run WHERE run_id = ? FOR UPDATE", runId).map(ROW).findOne()
                    .orElseThrow(() -> new SQLException("run '" + runId + "' vanished while being locked"));
        });
    }

    /** Every run, newest first. */
    public List<RunRow> list(Connection c) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT " + COLUMNS + " FROM eval_run ORDER BY created_at DESC, run_id")
                .map(ROW).list());
    }

    public List<String> idsInState(Connection c, EvaluationState state) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT run_id FROM eval_run WHERE state = ? ORDER BY created_at", state.name())
                .mapTo(String.class).list());
    }

    public void insert(Connection c, String runId, EvaluationState state, long now) throws SQLException {
        update(c, "INSERT INTO eval_run (run_id, state, created_at) VALUES (?, ?, ?)", runId, state.name(), now);
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
        return CallerHandle.with(c, h -> h.select("SELECT corpus_hash FROM eval_run WHERE run_id = ?", runId)
                .mapTo(String.class).findFirst());
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
        return CallerHandle.with(c, h -> h.createUpdate("UPDATE eval_run SET state = ?, message = ?, completed_at = ?, "
                        + "evaluation_millis = ? WHERE run_id = ? AND state = ?")
                .bind(0, to.name()).bind(1, message).bind(2, completedAt).bind(3, evaluationMillis).bind(4, runId)
                .bind(5, from.name()).execute()) == 1;
    }

    private static int update(Connection c, String sql, Object... values) throws SQLException {
        return CallerHandle.with(c, h -> h.execute(sql, values));
    }
}
