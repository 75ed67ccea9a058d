package io.clirbench.eval.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs work in one JDBC transaction: commit when it returns, roll back when it throws. The
 * database is the default H2 file one, or the {@code pg} PostgreSQL one when
 * {@code quarkus.datasource.pg.active} is true (%prod and %kubernetes). Both are built into the
 * jar (a datasource's kind is fixed at build time), so the choice is made at start.
 */
@ApplicationScoped
public class Database {

    /** Work on a connection inside a transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final boolean postgres;
    private volatile AgroalDataSource dataSource;

    public Database(@org.eclipse.microprofile.config.inject.ConfigProperty(name = "quarkus.datasource.pg.active", defaultValue = "false")
              boolean postgres) {
        this.postgres = postgres;
    }

    private AgroalDataSource dataSource() {
        AgroalDataSource ds = dataSource;
        if (ds == null) {
            ds = postgres
                    ? Arc.container().instance(AgroalDataSource.class, new DataSource.DataSourceLiteral("pg")).get()
                    : Arc.container().instance(AgroalDataSource.class).get();
            dataSource = ds;
        }
        return ds;
    }

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
            throw new StoreException("database: " + e.getMessage(), e);
        }
    }
}
