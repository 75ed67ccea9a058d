package io.clirbench.gateway.security;

import io.clirbench.auth.SessionLookup;
import io.clirbench.service.store.Database;
import io.clirbench.service.store.DatabaseException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The browsers' sign-in sessions (table {@code sign_in_session}, migration V20): {@link #open} makes a random id
 * (256 bits from {@link SecureRandom}, URL-safe Base64) that lives {@code clirbench.auth.session-expiry} (default
 * 12 hours); {@link #close} (sign-out) deletes it. Only the id's SHA-256 is stored. Expired rows are deleted when a
 * session opens.
 */
@ApplicationScoped
public class SignInSessions implements SessionLookup {

    /** A new session: id_sha256, holder, created_at, expires_at. */
    public static final String INSERT = "INSERT INTO sign_in_session (id_sha256, holder, created_at, expires_at) VALUES (?,?,?,?)";
    /** The holder of a live session: id_sha256, now. */
    public static final String HOLDER = "SELECT holder FROM sign_in_session WHERE id_sha256 = ? AND expires_at > ?";
    /** Sign-out: id_sha256. */
    public static final String DELETE = "DELETE FROM sign_in_session WHERE id_sha256 = ?";
    /** Expired sessions: now. */
    public static final String PURGE = "DELETE FROM sign_in_session WHERE expires_at <= ?";

    private final Database db;
    private final Duration expiry;
    private final SecureRandom random = new SecureRandom();

    SignInSessions(Database db, @ConfigProperty(name = "clirbench.auth.session-expiry", defaultValue = "PT12H") Duration expiry) {
        this.db = db;
        this.expiry = expiry;
    }

    /** How long a session lives. */
    public Duration expiry() {
        return expiry;
    }

    /** A new session of {@code holder} ({@code runner} or {@code reader}); returns its id, the cookie's value. */
    public String open(String holder) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        long now = System.currentTimeMillis();
        try (Connection c = db.connection();
             PreparedStatement purge = c.prepareStatement(PURGE);
             PreparedStatement insert = c.prepareStatement(INSERT)) {
            purge.setLong(1, now);
            purge.executeUpdate();
            insert.setString(1, sha256(id));
            insert.setString(2, holder);
            insert.setLong(3, now);
            insert.setLong(4, now + expiry.toMillis());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("open a sign-in session: " + e.getMessage(), e);
        }
        return id;
    }

    @Override
    public Optional<String> holderOf(String sessionId) {
        if (sessionId == null || sessionId.isBlank() || sessionId.length() > 100) {
            return Optional.empty();
        }
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(HOLDER)) {
            ps.setString(1, sha256(sessionId));
            ps.setLong(2, System.currentTimeMillis());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new DatabaseException("read a sign-in session: " + e.getMessage(), e);
        }
    }

    /** Deletes the session {@code sessionId} (sign-out): every copy of its cookie stops working. */
    public void close(String sessionId) {
        if (sessionId == null || sessionId.isBlank()) {
            return;
        }
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(DELETE)) {
            ps.setString(1, sha256(sessionId));
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("close a sign-in session: " + e.getMessage(), e);
        }
    }

    /** What the table keeps of a session id: its SHA-256 in lower-case hex. */
    public static String sha256(String id) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
