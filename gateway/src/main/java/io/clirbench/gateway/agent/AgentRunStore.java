package io.clirbench.gateway.agent;

import io.clirbench.service.store.Database;
import io.clirbench.service.store.DatabaseException;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The {@code agent_run}, {@code agent_answer} and {@code agent_call} tables. */
@ApplicationScoped
public class AgentRunStore {

    /** One published call; a second insert of the same index (a call republished after a crash) changes nothing. */
    public static final String INSERT_CALL =
            "INSERT INTO agent_call (run_id, query_id, call_index) VALUES (?, ?, ?) ON CONFLICT DO NOTHING";
    /** Per query of a run: the next call index and the calls published. */
    public static final String CALLS_PER_QUERY =
            "SELECT query_id, MAX(call_index) + 1, COUNT(*) FROM agent_call WHERE run_id = ? GROUP BY query_id";

    /** A new run, OPEN, with its number of questions. */
    public static final String INSERT_RUN = "INSERT INTO agent_run (run_id, task_id, task_location, configuration, retriever, k, "
            + "snippet_tokens, bootstrap, agent, state, calls, answers, created_at, queries) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'OPEN', 0, 0, ?, ?)";
    /** A run closed, with its totals. */
    public static final String CLOSE_RUN = "UPDATE agent_run SET state = 'CLOSED', calls = ?, answers = ?, closed_at = ?, "
            + "serve_micros = ?, publish_micros = ?, store_micros = ? WHERE run_id = ?";
    /** A closed run's totals. */
    public static final String CLOSED_TOTALS = "SELECT queries, calls, answers, serve_micros, publish_micros, store_micros "
            + "FROM agent_run WHERE run_id = ? AND state = 'CLOSED'";

    /** What a run's published calls say after a restart: the next call index of each query and the total. */
    public record CallCounts(Map<String, Integer> nextIndex, int total) {
    }

    /** What a run counted when it closed (the questions, from its opening); times in microseconds. */
    public record Totals(int queries, int calls, int answers, long serveMicros, long publishMicros, long storeMicros) {
    }

    private final Database db;

    AgentRunStore(Database db) {
        this.db = db;
    }

    public void insert(AgentRunSpec s, int queries) {
        update(INSERT_RUN, s.id(), s.taskId(), s.taskLocation(), s.configuration(), s.retriever(), s.k(), s.snippetTokens(),
                s.bootstrap(), s.agent(), s.createdAt(), queries);
    }

    public Optional<AgentRunSpec> find(String runId) {
        try (Connection c = db.connection(); PreparedStatement st = c.prepareStatement(
                "SELECT task_id, task_location, configuration, retriever, k, snippet_tokens, bootstrap, agent, created_at "
                        + "FROM agent_run WHERE run_id = ?")) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new AgentRunSpec(runId, rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getString(4), rs.getInt(5), rs.getInt(6), rs.getInt(7), rs.getString(8), rs.getLong(9)));
            }
        } catch (SQLException e) {
            throw new DatabaseException("agent run " + runId + ": " + e.getMessage(), e);
        }
    }

    /** The totals of a closed run; empty while it is open (or unknown). Runs closed before V19 read 0 for the new columns. */
    public Optional<Totals> closedTotals(String runId) {
        try (Connection c = db.connection(); PreparedStatement st = c.prepareStatement(CLOSED_TOTALS)) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Totals(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getLong(4), rs.getLong(5),
                        rs.getLong(6)));
            }
        } catch (SQLException e) {
            throw new DatabaseException("agent run " + runId + ": " + e.getMessage(), e);
        }
    }

    /** Records an answer; false when the query was already answered in this run. */
    public boolean insertAnswer(String runId, String queryId) {
        try (Connection c = db.connection(); PreparedStatement st = c.prepareStatement(
                "INSERT INTO agent_answer (run_id, query_id) SELECT ?, ? WHERE NOT EXISTS "
                        + "(SELECT 1 FROM agent_answer WHERE run_id = ? AND query_id = ?)")) {
            st.setString(1, runId);
            st.setString(2, queryId);
            st.setString(3, runId);
            st.setString(4, queryId);
            return st.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new DatabaseException("agent answer " + runId + "/" + queryId + ": " + e.getMessage(), e);
        }
    }

    public void deleteAnswer(String runId, String queryId) {
        update("DELETE FROM agent_answer WHERE run_id = ? AND query_id = ?", runId, queryId);
    }

    public Set<String> answered(String runId) {
        Set<String> out = new HashSet<>();
        try (Connection c = db.connection(); PreparedStatement st = c.prepareStatement(
                "SELECT query_id FROM agent_answer WHERE run_id = ?")) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new DatabaseException("agent answers " + runId + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Records a published call (its index survives a restart). */
    public void insertCall(String runId, String queryId, int callIndex) {
        update(INSERT_CALL, runId, queryId, callIndex);
    }

    public CallCounts calls(String runId) {
        Map<String, Integer> next = new HashMap<>();
        int total = 0;
        try (Connection c = db.connection(); PreparedStatement st = c.prepareStatement(CALLS_PER_QUERY)) {
            st.setString(1, runId);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    next.put(rs.getString(1), rs.getInt(2));
                    total += rs.getInt(3);
                }
            }
        } catch (SQLException e) {
            throw new DatabaseException("agent calls " + runId + ": " + e.getMessage(), e);
        }
        return new CallCounts(next, total);
    }

    public void close(String runId, Totals totals, long closedAt) {
        update(CLOSE_RUN, totals.calls(), totals.answers(), closedAt, totals.serveMicros(), totals.publishMicros(),
                totals.storeMicros(), runId);
    }

    private void update(String sql, Object... args) {
        try (Connection c = db.connection(); PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.setObject(i + 1, args[i]);
            }
            st.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("agent runs: " + e.getMessage(), e);
        }
    }
}
