package io.clirbench.eval.pipeline;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@code eval_file} table: the report files of every pillar's evaluated runs, keyed by (kind, run id, name). */
@ApplicationScoped
public class ReportFileStore {

    /** Replaces the run's files with these (an evaluation done again after a takeover overwrites). */
    public void save(Connection c, EvaluationKind kind, String runId, Map<String, String> files) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM eval_file WHERE kind = ? AND run_id = ?")) {
            delete.setString(1, kind.name());
            delete.setString(2, runId);
            delete.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO eval_file (kind, run_id, name, content) VALUES (?, ?, ?, ?)")) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                s.setString(1, kind.name());
                s.setString(2, runId);
                s.setString(3, file.getKey());
                s.setString(4, file.getValue());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    public Optional<String> find(Connection c, EvaluationKind kind, String runId, String name) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT content FROM eval_file WHERE kind = ? AND run_id = ? AND name = ?")) {
            s.setString(1, kind.name());
            s.setString(2, runId);
            s.setString(3, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** The run's file names in name order. */
    public List<String> names(Connection c, EvaluationKind kind, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT name FROM eval_file WHERE kind = ? AND run_id = ? ORDER BY name")) {
            s.setString(1, kind.name());
            s.setString(2, runId);
            try (ResultSet rs = s.executeQuery()) {
                List<String> names = new ArrayList<>();
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
                return names;
            }
        }
    }
}
