package io.clirbench.gateway.health;

import io.clirbench.gateway.client.EvalClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Asks the eval-service's own readiness (0.5 s: within a Kubernetes probe's default 1 s), records the answer in
 * {@link EvalAvailability} and puts it in a health check's data: {@code url}, {@code answering}, {@code error},
 * {@code notAnsweringSince}.
 */
@ApplicationScoped
public class EvalServiceProbe {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
    private final EvalClient eval;
    private final EvalAvailability availability;

    EvalServiceProbe(EvalClient eval, EvalAvailability availability) {
        this.eval = eval;
        this.availability = availability;
    }

    /** The builder with the probe's data, its status UP when the eval-service answered. */
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
