package io.clirbench.eval.health;

import io.clirbench.core.Version;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the database answers with the migrated schema (the Kafka channels report their own checks). */
@Readiness
@ApplicationScoped
public class EvalReadinessCheck implements HealthCheck {

    private final Database db;

    public EvalReadinessCheck(Database db) {
        this.db = db;
    }

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("eval-service").withData("benchCoreVersion", Version.current());
        try {
            long count = db.inTransaction(c -> {
                try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM eval_run"); ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            return response.withData("runs", count).up().build();
        } catch (RuntimeException e) {
            return response.withData("error", String.valueOf(e.getMessage())).down().build();
        }
    }
}
