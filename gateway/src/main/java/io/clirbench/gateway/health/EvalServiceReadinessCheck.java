package io.clirbench.gateway.health;

import io.clirbench.gateway.client.EvalClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness check {@code eval-service}: asks the eval-service's own readiness (0.5 s: within a Kubernetes probe's
 * default 1 s) and reports whether it answers, its URL and since when it has not. UP either way: a gateway whose eval-service is down still serves its pages and
 * API and still runs retrievers (their results wait in Kafka), so taking it out of its Service would hide the
 * "evaluation unavailable" message from the people who need it; the check's data says it, and the health group
 * {@code eval-service} ({@code /q/health/group/eval-service}, {@link EvalServiceGroupCheck}) is DOWN for a monitor
 * that wants a status (README "Faults").
 */
@Readiness
@ApplicationScoped
public class EvalServiceReadinessCheck implements HealthCheck {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
    private final EvalClient eval;
    private final EvalAvailability availability;

    EvalServiceReadinessCheck(EvalClient eval, EvalAvailability availability) {
        this.eval = eval;
        this.availability = availability;
    }

    @Override
    public HealthCheckResponse call() {
        return probe(HealthCheckResponse.named("eval-service")).up().build();
    }

    /** The builder with the probe's data; {@code answering} true or false. */
    HealthCheckResponseBuilder probe(HealthCheckResponseBuilder builder) {
        builder.withData("url", eval.base());
        String error = null;
        try {
            HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(eval.base() + "/q/health/ready"))
                    .timeout(Duration.ofMillis(500)).GET().build(), HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() == 200) {
                availability.answered();
            } else {
                error = "readiness answered " + r.statusCode();
            }
        } catch (IOException e) {
            error = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        }
        if (error != null) {
            availability.notAnswering();
            builder.withData("error", error);
        }
        builder.withData("answering", error == null);
        availability.notAnsweringSince().ifPresent(t -> builder.withData("notAnsweringSince", t.toString()));
        return builder.status(error == null);
    }
}
