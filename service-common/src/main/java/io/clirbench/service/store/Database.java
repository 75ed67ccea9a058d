package io.clirbench.service.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The active datasource of a service: the default H2 file database, or the {@code pg} PostgreSQL one when
 * {@code quarkus.datasource.pg.active} is true (the %prod and %kubernetes default). Both are built into the jar (a
 * datasource's kind is fixed at build time), so the choice is made at start. Work runs on a plain
 * {@link #connection()} (the gateway's stores) or in one transaction, {@link #inTransaction} (the eval-service's).
 */
@ApplicationScoped
public class Database {

    /** Work on a connection inside a transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final boolean postgres;
    private volatile javax.sql.DataSource dataSource;

    @Inject
    public Database(@ConfigProperty(name = "quarkus.datasource.pg.active", defaultValue = "false") boolean postgres) {
        this.postgres = postgres;
    }

    /**
     * A database on a data source of the caller's, outside a Quarkus application (a harness, or a test that must run
     * the stores under a heap of its own); {@code postgres} tells which SQL dialect it speaks.
     */
    public Database(javax.sql.DataSource dataSource, boolean postgres) {
        this.postgres = postgres;
        this.dataSource = dataSource;
    }

    public Connection connection() throws SQLException {
        return dataSource().getConnection();
    }

    /** {@code postgresql} or {@code h2}. */
    public String kind() {
        return postgres ? "postgresql" : "h2";
    }

    /** Runs {@code work} in one transaction: commit when it returns, roll back when it throws. */
    public <T> T inTransaction(Work<T> work) {
        try (Connection connection = dataSource().getConnection()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new DatabaseException("database: " + e.getMessage(), e);
        }
    }

    private javax.sql.DataSource dataSource() {
        javax.sql.DataSource ds = dataSource;
        if (ds == null) {
            ds = postgres
                    ? Arc.container().instance(AgroalDataSource.class, new DataSource.DataSourceLiteral("pg")).get()
                    : Arc.container().instance(AgroalDataSource.class).get();
            dataSource = ds;
        }
        return ds;
    }
}
