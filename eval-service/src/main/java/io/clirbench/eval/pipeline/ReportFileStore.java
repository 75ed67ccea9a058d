package io.clirbench.eval.pipeline;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * The {@code eval_file} table: the report files of every pillar's evaluated runs, keyed by (kind, run id, name); through
 * Jdbi ({@link CallerHandle}), the files written in one JDBC batch as before.
 */
@ApplicationScoped
public class ReportFileStore {

    /** Replaces the run's files with these (an evaluation done again after a takeover overwrites). */
    public void save(Connection c, EvaluationKind kind, String runId, Map<String, String> files) throws SQLException {
        CallerHandle.use(c, h -> {
            h.execute("DELETE FROM eval_file WHERE kind = ? AND run_id = ?", kind.name(), runId);
            PreparedBatch batch = h.prepareBatch("INSERT INTO eval_file (kind, run_id, name, content) VALUES (?, ?, ?, ?)");
            files.forEach((name, content) -> batch.add(kind.name(), runId, name, content));
            batch.execute();
        });
    }

    public Optional<String> find(Connection c, EvaluationKind kind, String runId, String name) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT content FROM eval_file WHERE kind = ? AND run_id = ? AND name = ?",
                kind.name(), runId, name).mapTo(String.class).findOne());
    }

    /** The run's file names in name order. */
    public List<String> names(Connection c, EvaluationKind kind, String runId) throws SQLException {
        return CallerHandle.with(c, h -> h.select("SELECT name FROM eval_file WHERE kind = ? AND run_id = ? ORDER BY name",
                kind.name(), runId).mapTo(String.class).list());
    }
}
