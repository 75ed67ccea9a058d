package io.clirbench.gateway.health;

import io.clirbench.core.Version;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness: up once the database is migrated (Flyway runs at start) and answers. */
@Readiness
@ApplicationScoped
public class GatewayReadinessCheck implements HealthCheck {

    private final Database db;

    GatewayReadinessCheck(Database db) {
        this.db = db;
    }

    @Override
    public HealthCheckResponse call() {
        var builder = HealthCheckResponse.named("gateway")
                .withData("benchCoreVersion", Version.current())
                .withData("database", db.kind());
        try (Connection c = db.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM runs")) {
            rs.next();
            return builder.withData("runs", rs.getLong(1)).up().build();
        } catch (Exception e) {
            return builder.withData("error", e.getMessage()).down().build();
        }
    }
}
