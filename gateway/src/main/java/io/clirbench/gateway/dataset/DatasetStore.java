package io.clirbench.gateway.dataset;

import io.clirbench.service.store.DatabaseException;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Registered datasets (table {@code datasets}). */
@ApplicationScoped
public class DatasetStore {

    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String INSERT =
            "INSERT INTO datasets (id, version, name, location, documents, queries, registered_at, content_hash) VALUES (?,?,?,?,?,?,?,?)";

    private final Database db;

    DatasetStore(Database db) {
        this.db = db;
    }

    public void insert(DatasetRecord r) {
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setString(1, r.id());
            ps.setString(2, r.version());
            ps.setString(3, r.name());
            ps.setString(4, r.location());
            ps.setInt(5, r.documents());
            ps.setInt(6, r.queries());
            ps.setLong(7, r.registeredAt());
            ps.setString(8, r.contentHash());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("register dataset '" + r.id() + "': " + e.getMessage(), e);
        }
    }

    /** Records the content hash of a row registered before hashes were (V18); only where none is stored. */
    public void pinHash(String id, String hash) {
        update("UPDATE datasets SET content_hash = ? WHERE id = ? AND content_hash IS NULL", hash, id);
    }

    /** Removes the registration; false when there was none. */
    public boolean delete(String id) {
        return update("DELETE FROM datasets WHERE id = ?", id) > 0;
    }

    private int update(String sql, String... values) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setString(i + 1, values[i]);
            }
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("update dataset '" + values[values.length - 1] + "': " + e.getMessage(), e);
        }
    }

    public Optional<DatasetRecord> find(String id) {
        List<DatasetRecord> found = query("SELECT * FROM datasets WHERE id = ?", id);
        return found.stream().findFirst();
    }

    public List<DatasetRecord> list() {
        return query("SELECT * FROM datasets ORDER BY id", null);
    }

    private List<DatasetRecord> query(String sql, String id) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            if (id != null) {
                ps.setString(1, id);
            }
            List<DatasetRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new DatasetRecord(rs.getString("id"), rs.getString("version"), rs.getString("name"),
                            rs.getString("location"), rs.getInt("documents"), rs.getInt("queries"),
                            rs.getLong("registered_at"), rs.getString("content_hash")));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new DatabaseException("read datasets: " + e.getMessage(), e);
        }
    }
}
