package io.clirbench.embedder.health;

import io.clirbench.core.Version;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness of the embedder-service: up once the application and bench-core are loaded. */
@Readiness
@ApplicationScoped
public class EmbedderReadinessCheck implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("embedder-service")
                .withData("role", "turns text into vectors (ONNX encoders over gRPC; issue 'embedder-service')")
                .withData("benchCoreVersion", Version.current())
                .up()
                .build();
    }
}
