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

/**
 * The {@code eval_result} table; every method runs on the caller's connection (and transaction). Plain JDBC, unlike the
 * other stores ({@code pipeline.CallerHandle}, Jdbi): its statements run once per result (10 million for a
 * 10,000-query, depth-1,000 run, {@code scale/TenMillionResultsTest}) and Jdbi adds about 10 µs to each.
 */
@ApplicationScoped
public class ResultStore {

    private static final String COLUMNS =
            "run_id, retriever_id, query_id, status, result, hits, latency_micros, query_values, first_same, first_cross";
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

    /**
     * Hands every validated result of one retriever to {@code sink}, in no particular order, as the database streams
     * them ({@code fetchSize} rows at a time): a reader of a whole run holds a few rows, not the run.
     */
    public void forEachValid(Connection c, String runId, String retrieverId, int fetchSize, RowSink sink) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM eval_result WHERE run_id = ? AND "
                + "retriever_id = ? AND status = '" + OK + "'")) {
            s.setFetchSize(fetchSize);
            s.setString(1, runId);
            s.setString(2, retrieverId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    sink.accept(row(rs));
                }
            }
        }
    }

    /**
     * The latency (µs) of every validated result of one retriever, in no particular order: the column, or for a row stored
     * before it (it keeps its protobuf) the event's field. One long per result: 5,000 queries are 40 KB.
     */
    public long[] latencies(Connection c, String runId, String retrieverId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT latency_micros, result FROM eval_result WHERE run_id = ? AND "
                + "retriever_id = ? AND status = '" + OK + "'")) {
            s.setFetchSize(RunLists.PAGE);
            s.setString(1, runId);
            s.setString(2, retrieverId);
            try (ResultSet rs = s.executeQuery()) {
                long[] out = new long[64];
                int n = 0;
                while (rs.next()) {
                    Long micros = rs.getObject(1, Long.class);
                    if (micros == null) {
                        byte[] result = rs.getBytes(2);
                        micros = result == null ? null : Events.storedResult(result).getLatencyMicros();
                    }
                    if (micros != null) {
                        if (n == out.length) {
                            out = java.util.Arrays.copyOf(out, n * 2);
                        }
                        out[n++] = micros;
                    }
                }
                return java.util.Arrays.copyOf(out, n);
            }
        }
    }

    /** Takes rows as they are read. */
    @FunctionalInterface
    public interface RowSink {
        void accept(ResultRow row) throws SQLException;
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

    /** Stores a result before its RunStarted: the protobuf as received, validated later ({@link #markValid}). */
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

    /** Stores a validated row: its packed hits and per-query values. */
    public void insertValid(Connection c, ResultRow row, long now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO eval_result (run_id, retriever_id, query_id, status, "
                + "hits, latency_micros, query_values, first_same, first_cross, stored_at) "
                + "VALUES (?, ?, ?, '" + OK + "', ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, row.runId());
            s.setString(2, row.retrieverId());
            s.setString(3, row.queryId());
            s.setBytes(4, row.hits());
            setLong(s, 5, row.latencyMicros());
            s.setString(6, row.valuesJson());
            setInteger(s, 7, row.firstSame());
            setInteger(s, 8, row.firstCross());
            s.setLong(9, now);
            s.executeUpdate();
        }
    }

    /** Marks a raw row validated: its packed hits replace the protobuf, and its per-query values are stored. */
    public void markValid(Connection c, ResultRow row) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE eval_result SET status = '" + OK + "', result = ?, hits = ?, "
                + "latency_micros = ?, query_values = ?, first_same = ?, first_cross = ? "
                + "WHERE run_id = ? AND retriever_id = ? AND query_id = ?")) {
            s.setBytes(1, row.result());
            s.setBytes(2, row.hits());
            setLong(s, 3, row.latencyMicros());
            s.setString(4, row.valuesJson());
            setInteger(s, 5, row.firstSame());
            setInteger(s, 6, row.firstCross());
            s.setString(7, row.runId());
            s.setString(8, row.retrieverId());
            s.setString(9, row.queryId());
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

    private static ResultRow row(ResultSet rs) throws SQLException {
        return new ResultRow(rs.getString(1), rs.getString(2), rs.getString(3), RAW.equals(rs.getString(4)),
                rs.getBytes(5), rs.getBytes(6), rs.getObject(7, Long.class), rs.getString(8),
                rs.getObject(9, Integer.class), rs.getObject(10, Integer.class));
    }

    private static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.BIGINT);
        } else {
            s.setLong(index, value);
        }
    }

    private static List<ResultRow> rows(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            List<ResultRow> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(row(rs));
            }
            return rows;
        }
    }
}
