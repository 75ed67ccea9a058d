package io.clirbench.service.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Assumptions;

/**
 * A schema of its own on a real PostgreSQL, for a service's Flyway test: {@code PREFIX_} and 12 random hex digits,
 * so that tests of several services and helpers share one database; {@link #close()} drops it. When the server cannot
 * be reached the test is aborted (reported as skipped), saying so.
 */
public final class FreshPostgresSchema implements AutoCloseable {

    private final String url;
    private final String user;
    private final String schema;
    private final Connection admin;

    private FreshPostgresSchema(String url, String user, String schema, Connection admin) {
        this.url = url;
        this.user = user;
        this.schema = schema;
        this.admin = admin;
    }

    /** Connects to {@code url} as {@code user} (no password) and names a fresh schema; skips the test when unreachable. */
    public static FreshPostgresSchema open(String url, String user, String prefix) {
        Connection admin;
        try {
            admin = DriverManager.getConnection(url, user, "");
        } catch (SQLException e) {
            Assumptions.abort("PostgreSQL at " + url + " is unreachable (" + e.getMessage() + "): migration test skipped");
            throw new IllegalStateException("unreachable", e); // abort throws; this is for the compiler
        }
        String schema = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        return new FreshPostgresSchema(url, user, schema, admin);
    }

    public String schema() {
        return schema;
    }

    /** Creates the schema (for migrations that expect it to exist). */
    public FreshPostgresSchema create() throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return this;
    }

    /** Runs the service's migrations ({@code classpath:db/migration}) into the schema, creating it when missing. */
    public MigrateResult migrate() {
        return Flyway.configure().dataSource(schemaUrl(), user, "").schemas(schema).createSchemas(true)
                .locations("classpath:db/migration").load().migrate();
    }

    /** A new connection whose current schema is this one. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(schemaUrl(), user, "");
    }

    /** The connection to the database itself (the schema not selected). */
    public Connection admin() {
        return admin;
    }

    private String schemaUrl() {
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    /** Drops the schema and everything in it. */
    @Override
    public void close() throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } finally {
            admin.close();
        }
    }
}
