package io.clirbench.eval.store;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@code eval_report_file} table: the rendered report files of completed runs. */
@ApplicationScoped
public class ReportStore {

    /** Replaces the run's files with these (a re-run evaluation after a restart overwrites). */
    public void save(Connection c, String runId, Map<String, String> files) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM eval_report_file WHERE run_id = ?")) {
            delete.setString(1, runId);
            delete.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO eval_report_file (run_id, name, content) VALUES (?, ?, ?)")) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                s.setString(1, runId);
                s.setString(2, file.getKey());
                s.setString(3, file.getValue());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    public Optional<String> find(Connection c, String runId, String name) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT content FROM eval_report_file WHERE run_id = ? AND name = ?")) {
            s.setString(1, runId);
            s.setString(2, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    public List<String> names(Connection c, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT name FROM eval_report_file WHERE run_id = ? ORDER BY name")) {
            s.setString(1, runId);
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
