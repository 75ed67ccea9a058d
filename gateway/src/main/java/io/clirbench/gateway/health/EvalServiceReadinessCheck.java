package io.clirbench.gateway.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness check {@code eval-service}: the {@link EvalServiceProbe}'s data (whether the eval-service answers, its
 * URL and since when it has not). UP either way: a gateway whose eval-service is down still serves its pages and
 * API and still runs retrievers (their results wait in Kafka), so taking it out of its Service would hide the
 * "evaluation unavailable" message from the people who need it; the check's data says it, and the health group
 * {@code eval-service} ({@code /q/health/group/eval-service}, {@link EvalServiceGroupCheck}) is DOWN for a monitor
 * that wants a status (README "Faults").
 */
@Readiness
@ApplicationScoped
public class EvalServiceReadinessCheck implements HealthCheck {

    private final EvalServiceProbe probe;

    EvalServiceReadinessCheck(EvalServiceProbe probe) {
        this.probe = probe;
    }

    @Override
    public HealthCheckResponse call() {
        return probe.probe(HealthCheckResponse.named("eval-service")).up().build();
    }
}
