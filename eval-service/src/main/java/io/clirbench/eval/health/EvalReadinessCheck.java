package io.clirbench.eval.health;

import io.clirbench.core.Version;
import io.clirbench.eval.pipeline.CallerHandle;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
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
            long count = db.inTransaction(c -> CallerHandle.with(c, h -> h.select("SELECT COUNT(*) FROM eval_run")
                    .mapTo(Long.class).one()));
            return response.withData("runs", count).up().build();
        } catch (RuntimeException e) {
            return response.withData("error", String.valueOf(e.getMessage())).down().build();
        }
    }
}
