package io.clirbench.gateway.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The active datasource: the default H2 file database, or the {@code pg} PostgreSQL one when
 * {@code quarkus.datasource.pg.active} is true (the %prod and %kubernetes default). Both are
 * built into the jar, so the choice is made at start, not at build.
 */
@ApplicationScoped
public class Database {

    private final boolean postgres;
    private volatile AgroalDataSource dataSource;

    Database(@ConfigProperty(name = "quarkus.datasource.pg.active", defaultValue = "false") boolean postgres) {
        this.postgres = postgres;
    }

    public Connection connection() throws SQLException {
        return dataSource().getConnection();
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

    public String kind() {
        return postgres ? "postgresql" : "h2";
    }
}
