package io.clirbench.eval.pipeline;

import java.sql.Connection;
import java.sql.SQLException;
import org.jdbi.v3.core.ConnectionFactory;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Handles;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/**
 * Jdbi 3 on the caller's connection, for the stores' statements: Jdbi binds the arguments and maps the rows (records
 * by their components' names, {@code run_id} to {@code runId}; enums by name; {@code null} to a boxed {@code null}), so
 * no store reads a {@code ResultSet} by hand. Jdbi (org.jdbi:jdbi3-core) because it is a small, well-kept library with
 * no framework and works on a plain JDBC connection, so the caller keeps its transaction
 * ({@code service-common Database.inTransaction}): a handle opened here neither commits, rolls back nor closes the
 * connection. A failure comes back as the {@link SQLException} the driver threw, as before.
 *
 * <p>One {@link Jdbi} serves every call (its configuration and caches are built once: a new Jdbi per call cost about
 * 70 µs); the connection reaches its connection factory through a slot set only while {@link Jdbi#open()} runs.
 * Jdbi still adds about 10 µs a statement (measured against H2 in memory, 200,000 statements, load 15 on 2 cores),
 * which is why {@code retrieval.ResultStore}'s per-result statements stay plain JDBC.
 */
public final class CallerHandle {

    private static final ThreadLocal<Connection> OPENING = new ThreadLocal<>();
    private static final Jdbi JDBI = Jdbi.create(new ConnectionFactory() {
        @Override
        public Connection openConnection() {
            return OPENING.get();
        }

        @Override
        public void closeConnection(Connection connection) {
            // the caller's: it ends the transaction and closes the connection
        }
    });

    static {
        JDBI.getConfig(Handles.class).setForceEndTransactions(false);
    }

    private CallerHandle() {
    }

    /** Runs {@code work} on a handle over {@code c}, inside whatever transaction {@code c} is in. */
    public static <T> T with(Connection c, HandleCallback<T, SQLException> work) throws SQLException {
        try (Handle handle = open(c)) {
            return work.withHandle(handle);
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw e;
        }
    }

    /** {@link #with} for work without a result. */
    public static void use(Connection c, Work work) throws SQLException {
        with(c, handle -> {
            work.run(handle);
            return null;
        });
    }

    /** Work on a handle without a result. */
    @FunctionalInterface
    public interface Work {
        void run(Handle handle) throws SQLException;
    }

    private static Handle open(Connection c) {
        OPENING.set(c);
        try {
            return JDBI.open();
        } finally {
            OPENING.remove();
        }
    }
}
