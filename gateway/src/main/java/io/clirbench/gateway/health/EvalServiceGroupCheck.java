package io.clirbench.gateway.health;

import io.smallrye.health.api.HealthGroup;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/** Health group {@code eval-service}: DOWN while the eval-service does not answer (see {@link EvalServiceReadinessCheck}). */
@HealthGroup("eval-service")
@ApplicationScoped
public class EvalServiceGroupCheck implements HealthCheck {

    private final EvalServiceProbe probe;

    EvalServiceGroupCheck(EvalServiceProbe probe) {
        this.probe = probe;
    }

    @Override
    public HealthCheckResponse call() {
        return probe.probe(HealthCheckResponse.named("eval-service")).build();
    }
}
