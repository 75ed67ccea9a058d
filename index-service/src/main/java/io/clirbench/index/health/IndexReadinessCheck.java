package io.clirbench.index.health;

import io.clirbench.core.Version;
import io.clirbench.index.search.DotKernel;
import io.clirbench.index.store.CollectionRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness of the index-service: up once every stored collection has been opened. */
@Readiness
@ApplicationScoped
public class IndexReadinessCheck implements HealthCheck {

    private final CollectionRegistry registry;

    public IndexReadinessCheck(CollectionRegistry registry) {
        this.registry = registry;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("index-service")
                .withData("role", "stores vectors and lexical indexes and answers top-N searches")
                .withData("collections", registry.list().size())
                .withData("exactKernel", DotKernel.best().name())
                .withData("benchCoreVersion", Version.current())
                .up()
                .build();
    }
}
