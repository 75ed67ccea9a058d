package io.clirbench.index.health;

import io.clirbench.core.Version;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness of the index-service: up once the application and bench-core are loaded. */
@Readiness
@ApplicationScoped
public class IndexReadinessCheck implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("index-service")
                .withData("role", "stores vectors and lexical indexes and answers top-N searches (issue 'index-service')")
                .withData("benchCoreVersion", Version.current())
                .up()
                .build();
    }
}
