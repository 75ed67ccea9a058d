package io.clirbench.gateway.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.run.RunState;
import io.clirbench.gateway.run.RunView;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Runs (table {@code runs}): the request, the state columns and the whole run JSON. */
@ApplicationScoped
public class RunStore {

    /** Also run on PostgreSQL by FlywayPostgresTest. */
    static final String INSERT = "INSERT INTO runs (id, dataset_id, dataset_version, state, request_json, progress_json,"
            + " message, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?)";
    static final String UPDATE = "UPDATE runs SET state = ?, progress_json = ?, message = ?, updated_at = ? WHERE id = ?";

    private final Database db;
    private final ObjectMapper json;

    RunStore(Database db, ObjectMapper json) {
        this.db = db;
        this.json = json;
    }

    public void insert(RunView run, Object request) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(INSERT)) {
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
            throw new StoreException("insert run '" + run.id() + "'", e);
        }
    }

    public void update(RunView run) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(UPDATE)) {
            ps.setString(1, run.state().name());
            ps.setString(2, json.writeValueAsString(run));
            ps.setString(3, run.message());
            ps.setLong(4, Instant.parse(run.updatedAt()).toEpochMilli());
            ps.setString(5, run.id());
            ps.executeUpdate();
        } catch (SQLException | JsonProcessingException e) {
            throw new StoreException("update run '" + run.id() + "'", e);
        }
    }

    public Optional<RunView> find(String id) {
        return query("SELECT progress_json FROM runs WHERE id = ?", id).stream().findFirst();
    }

    public List<RunView> list() {
        return query("SELECT progress_json FROM runs ORDER BY created_at DESC, id", null);
    }

    public List<RunView> inState(RunState state) {
        return query("SELECT progress_json FROM runs WHERE state = ? ORDER BY created_at", state.name());
    }

    private List<RunView> query(String sql, String param) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            if (param != null) {
                ps.setString(1, param);
            }
            List<RunView> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(json.readValue(rs.getString(1), RunView.class));
                }
            }
            return out;
        } catch (SQLException | JsonProcessingException e) {
            throw new StoreException("read runs", e);
        }
    }
}
