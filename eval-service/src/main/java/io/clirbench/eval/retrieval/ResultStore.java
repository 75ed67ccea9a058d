package io.clirbench.eval.retrieval;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@code eval_result} table; every method runs on the caller's connection (and transaction). */
@ApplicationScoped
public class ResultStore {

    private static final String COLUMNS =
            "run_id, retriever_id, query_id, status, result, query_values, first_same, first_cross";
    private static final String RAW = "RAW";
    private static final String OK = "OK";

    public Optional<ResultRow> find(Connection c, String runId, String retrieverId, String queryId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM eval_result WHERE run_id = ? AND retriever_id = ? AND query_id = ?")) {
            s.setString(1, runId);
            s.setString(2, retrieverId);
            s.setString(3, queryId);
            List<ResultRow> rows = rows(s);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
        }
    }

    /** Results waiting for their RunStarted. */
    public List<ResultRow> listRaw(Connection c, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM eval_result WHERE run_id = ? AND status = '" + RAW + "' ORDER BY retriever_id, query_id")) {
            s.setString(1, runId);
            return rows(s);
        }
    }

    /** Validated results of one retriever. */
    public List<ResultRow> listValid(Connection c, String runId, String retrieverId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                + " FROM eval_result WHERE run_id = ? AND retriever_id = ? AND status = '" + OK + "'")) {
            s.setString(1, runId);
            s.setString(2, retrieverId);
            return rows(s);
        }
    }

    /** Retriever id to the number of stored results; {@code validOnly} leaves out those waiting for RunStarted. */
    public Map<String, Integer> counts(Connection c, String runId, boolean validOnly) throws SQLException {
        String sql = "SELECT retriever_id, COUNT(*) FROM eval_result WHERE run_id = ?"
                + (validOnly ? " AND status = '" + OK + "'" : "") + " GROUP BY retriever_id ORDER BY retriever_id";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                Map<String, Integer> counts = new LinkedHashMap<>();
                while (rs.next()) {
                    counts.put(rs.getString(1), rs.getInt(2));
                }
                return counts;
            }
        }
    }

    public void insertRaw(Connection c, String runId, String retrieverId, String queryId, byte[] result, long now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO eval_result (run_id, retriever_id, query_id, status, "
                + "result, stored_at) VALUES (?, ?, ?, '" + RAW + "', ?, ?)")) {
            s.setString(1, runId);
            s.setString(2, retrieverId);
            s.setString(3, queryId);
            s.setBytes(4, result);
            s.setLong(5, now);
            s.executeUpdate();
        }
    }

    public void insertValid(Connection c, ResultRow row, long now) throws SQLException {
        insertRaw(c, row.runId(), row.retrieverId(), row.queryId(), row.result(), now);
        markValid(c, row);
    }

    /** Stores the per-query values of a row and marks it validated. */
    public void markValid(Connection c, ResultRow row) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE eval_result SET status = '" + OK + "', query_values = ?, "
                + "first_same = ?, first_cross = ? WHERE run_id = ? AND retriever_id = ? AND query_id = ?")) {
            s.setString(1, row.valuesJson());
            setInteger(s, 2, row.firstSame());
            setInteger(s, 3, row.firstCross());
            s.setString(4, row.runId());
            s.setString(5, row.retrieverId());
            s.setString(6, row.queryId());
            s.executeUpdate();
        }
    }

    public void delete(Connection c, String runId, String retrieverId, String queryId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM eval_result WHERE run_id = ? AND retriever_id = ? AND query_id = ?")) {
            s.setString(1, runId);
            s.setString(2, retrieverId);
            s.setString(3, queryId);
            s.executeUpdate();
        }
    }

    private static void setInteger(PreparedStatement s, int index, Integer value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.INTEGER);
        } else {
            s.setInt(index, value);
        }
    }

    private static List<ResultRow> rows(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            List<ResultRow> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new ResultRow(rs.getString(1), rs.getString(2), rs.getString(3), RAW.equals(rs.getString(4)),
                        rs.getBytes(5), rs.getString(6), (Integer) rs.getObject(7, Integer.class),
                        (Integer) rs.getObject(8, Integer.class)));
            }
            return rows;
        }
    }
}
