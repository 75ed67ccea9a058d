package io.clirbench.gateway.health;

import io.clirbench.core.Version;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness of the gateway: up once the application and bench-core are loaded. */
@Readiness
@ApplicationScoped
public class GatewayReadinessCheck implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("gateway")
                .withData("role", "public API: datasets, encoders, runs, reports (issue 'End to end')")
                .withData("benchCoreVersion", Version.current())
                .up()
                .build();
    }
}
