package io.clirbench.gateway.retriever;

import io.clirbench.service.store.DatabaseException;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Vectors already computed, keyed by model id, role and the SHA-256 of the exact text sent to the
 * embedder (table {@code embedding_cache}), so that a re-run embeds nothing twice.
 */
@ApplicationScoped
public class EmbeddingCache {

    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String INSERT =
            "INSERT INTO embedding_cache (model_id, role, text_sha, vector) VALUES (?,?,?,?) ON CONFLICT DO NOTHING";

    private final Database db;

    EmbeddingCache(Database db) {
        this.db = db;
    }

    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The cached vectors among these hashes, looked up one by one on the primary key. Not {@code text_sha IN (...)}: H2
     * does not use the key's third column for an IN list, so each chunk scanned every vector of the model, and a second
     * run over 231,233 cached documents spent its time comparing hashes (issue 40).
     */
    public Map<String, float[]> lookup(String modelId, String role, List<String> shas) {
        Map<String, float[]> found = new HashMap<>();
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement("SELECT vector FROM embedding_cache"
                     + " WHERE model_id = ? AND role = ? AND text_sha = ?")) {
            ps.setString(1, modelId);
            ps.setString(2, role);
            for (String sha : shas) {
                ps.setString(3, sha);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        found.put(sha, fromBytes(rs.getBytes(1)));
                    }
                }
            }
            return found;
        } catch (SQLException e) {
            throw new DatabaseException("read embedding cache of model '" + modelId + "': " + e.getMessage(), e);
        }
    }

    /** Stores vectors; a hash already present is left as it is. */
    public void put(String modelId, String role, Map<String, float[]> vectors) {
        if (vectors.isEmpty()) {
            return;
        }
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (Map.Entry<String, float[]> e : vectors.entrySet()) {
                ps.setString(1, modelId);
                ps.setString(2, role);
                ps.setString(3, e.getKey());
                ps.setBytes(4, toBytes(e.getValue()));
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw new DatabaseException("write embedding cache of model '" + modelId + "': " + e.getMessage(), e);
        }
    }

    /** How many vectors are cached for a model and role. */
    public int count(String modelId, String role) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM embedding_cache WHERE model_id = ? AND role = ?")) {
            ps.setString(1, modelId);
            ps.setString(2, role);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new DatabaseException("count embedding cache: " + e.getMessage(), e);
        }
    }

    public static byte[] toBytes(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(v);
        return b.array();
    }

    public static float[] fromBytes(byte[] bytes) {
        float[] v = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }
}
