package io.clirbench.gateway.run;

import io.clirbench.service.store.DatabaseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Run snapshots (table {@code runs}): the request, the state columns and the whole run JSON. */
@ApplicationScoped
public class RunSnapshotStore {

    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String INSERT = "INSERT INTO runs (id, dataset_id, dataset_version, state, request_json, progress_json,"
            + " message, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?)";
    /** One page, newest first; also run on PostgreSQL by FlywayPostgresTest. */
    public static final String PAGE = "SELECT progress_json FROM runs ORDER BY created_at DESC, id LIMIT ? OFFSET ?";
    public static final String UPDATE = "UPDATE runs SET state = ?, progress_json = ?, message = ?, updated_at = ? WHERE id = ?";

    private final Database db;
    private final ObjectMapper json;
    private final String table;

    @jakarta.inject.Inject
    RunSnapshotStore(Database db, ObjectMapper json) {
        this(db, json, "runs");
    }

    /** The same store over another table of the same columns (QA runs: {@code qa_runs}). */
    protected RunSnapshotStore(Database db, ObjectMapper json, String table) {
        this.db = db;
        this.json = json;
        this.table = table;
    }

    private String sql(String statement) {
        return "runs".equals(table) ? statement : statement.replace(" runs ", " " + table + " ");
    }

    public void insert(RunSnapshot run, Object request) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql(INSERT))) {
            ps.setString(1, run.id());
            ps.setString(2, run.dataset());
            ps.setString(3, run.datasetVersion());
            ps.setString(4, run.state().name());
            ps.setString(5, json.writeValueAsString(request));
            ps.setString(6, json.writeValueAsString(run));
            ps.setString(7, run.message());
            ps.setLong(8, Instant.parse(run.createdAt()).toEpochMilli());
            ps.setLong(9, Instant.parse(run.updatedAt()).toEpochMilli());
            ps.executeUpdate();
        } catch (SQLException | JsonProcessingException e) {
            throw new DatabaseException("insert run '" + run.id() + "': " + e.getMessage(), e);
        }
    }

    public void update(RunSnapshot run) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql(UPDATE))) {
            ps.setString(1, run.state().name());
            ps.setString(2, json.writeValueAsString(run));
            ps.setString(3, run.message());
            ps.setLong(4, Instant.parse(run.updatedAt()).toEpochMilli());
            ps.setString(5, run.id());
            ps.executeUpdate();
        } catch (SQLException | JsonProcessingException e) {
            throw new DatabaseException("update run '" + run.id() + "': " + e.getMessage(), e);
        }
    }

    public Optional<RunSnapshot> find(String id) {
        return query(sql("SELECT progress_json FROM runs WHERE id = ?"), id).stream().findFirst();
    }

    /** Runs newest first (created time descending, then id), {@code limit} of them after skipping {@code offset}. */
    public List<RunSnapshot> list(int limit, int offset) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql(PAGE))) {
            ps.setInt(1, limit);
            ps.setInt(2, offset);
            return read(ps);
        } catch (SQLException | JsonProcessingException e) {
            throw new DatabaseException("read runs (limit " + limit + ", offset " + offset + "): " + e.getMessage(), e);
        }
    }

    /** How many runs there are. */
    public int count() {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql("SELECT COUNT(*) FROM runs "));
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new DatabaseException("count runs: " + e.getMessage(), e);
        }
    }

    /** The request stored with run {@code id} when it was accepted, read as {@code type}. */
    public <T> T request(String id, Class<T> type) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql("SELECT request_json FROM runs WHERE id = ?"))) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new DatabaseException("read the request of run '" + id + "': no such run", null);
                }
                return json.readerFor(type).without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                        .readValue(rs.getString(1));
            }
        } catch (SQLException | JsonProcessingException e) {
            throw new DatabaseException("read the request of run '" + id + "': " + e.getMessage(), e);
        }
    }

    public List<RunSnapshot> inState(RunLifecycle state) {
        return query(sql("SELECT progress_json FROM runs WHERE state = ? ORDER BY created_at"), state.name());
    }

    /** The runs in any of {@code states} (in that order of states) that {@code which} accepts. */
    public List<RunSnapshot> inStates(List<RunLifecycle> states, java.util.function.Predicate<RunSnapshot> which) {
        List<RunSnapshot> out = new ArrayList<>();
        for (RunLifecycle state : states) {
            inState(state).stream().filter(which).forEach(out::add);
        }
        return out;
    }

    private List<RunSnapshot> read(PreparedStatement ps) throws SQLException, JsonProcessingException {
        List<RunSnapshot> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                // stored by an older or newer gateway: fields it does not know are skipped, not an error
                out.add(json.readerFor(RunSnapshot.class)
                        .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                        .readValue(rs.getString(1)));
            }
        }
        return out;
    }

    private List<RunSnapshot> query(String sql, String param) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            if (param != null) {
                ps.setString(1, param);
            }
            return read(ps);
        } catch (SQLException | JsonProcessingException e) {
            throw new DatabaseException("read runs: " + e.getMessage(), e);
        }
    }
}
