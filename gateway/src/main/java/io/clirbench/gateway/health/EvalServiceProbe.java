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

    /**
     * The builder with the probe's data, its status UP when an eval-service replica answered: the replicas are asked
     * in turn ({@link EvalClient#inTurn()}: the one that answered last first); {@code url} is the one that answered (or
     * the last asked), {@code error} the last failure.
     */
    HealthCheckResponseBuilder probe(HealthCheckResponseBuilder builder) {
        String error = null;
        String asked = eval.base();
        for (String base : eval.inTurn()) {
            asked = base;
            error = ask(base);
            if (error == null) {
                break;
            }
        }
        builder.withData("url", asked);
        if (error == null) {
            availability.answered();
        } else {
            availability.notAnswering();
            builder.withData("error", error);
        }
        builder.withData("answering", error == null);
        availability.notAnsweringSince().ifPresent(t -> builder.withData("notAnsweringSince", t.toString()));
        return builder.status(error == null);
    }

    /** Null when the replica at {@code base} is ready, else why not. */
    private String ask(String base) {
        try {
            HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready"))
                    .timeout(Duration.ofMillis(500)).GET().build(), HttpResponse.BodyHandlers.discarding());
            return r.statusCode() == 200 ? null : "readiness of " + base + " answered " + r.statusCode();
        } catch (IOException e) {
            return base + ": " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
