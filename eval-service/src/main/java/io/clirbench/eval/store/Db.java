package io.clirbench.eval.store;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;

/** Runs work in one JDBC transaction: commit when it returns, roll back when it throws. */
@ApplicationScoped
public class Db {

    /** Work on a connection inside a transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final AgroalDataSource dataSource;

    public Db(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    public <T> T inTransaction(Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
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
