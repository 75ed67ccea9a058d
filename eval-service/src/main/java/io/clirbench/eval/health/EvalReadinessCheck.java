package io.clirbench.eval.health;

import io.clirbench.core.Version;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness of the eval-service: up once the application and bench-core are loaded. */
@Readiness
@ApplicationScoped
public class EvalReadinessCheck implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("eval-service")
                .withData("role", "consumes query-result events and computes the metrics (issue 'End to end')")
                .withData("benchCoreVersion", Version.current())
                .up()
                .build();
    }
}
