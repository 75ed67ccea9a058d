package io.clirbench.embedder.health;

import io.clirbench.core.Version;
import io.clirbench.embedder.model.LoadedModel;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Readiness of the embedder-service: UP only once the model is loaded and warmed up. */
@Readiness
@ApplicationScoped
public class EmbedderReadinessCheck implements HealthCheck {

    private final LoadedModel model;

    public EmbedderReadinessCheck(LoadedModel model) {
        this.model = model;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named("embedder-service")
                .withData("benchCoreVersion", Version.current())
                .withData("state", model.state().name());
        if (model.card() != null) {
            builder.withData("model", model.card().id());
        }
        if (model.failure() != null) {
            builder.withData("failure", model.failure());
        }
        return builder.status(model.state() == LoadedModel.State.READY).build();
    }
}
