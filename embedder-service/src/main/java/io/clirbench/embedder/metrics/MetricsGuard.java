package io.clirbench.embedder.metrics;

import io.clirbench.grpc.auth.ServiceToken;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code /q/metrics} wants the service token ({@code Authorization: Bearer <clirbench.auth.service-token>}), as the
 * gateway's and the eval-service's paths want theirs (issue 28, finding 7): without it 401 problem+json with
 * {@code WWW-Authenticate: Bearer}. The gRPC calls on the same port have their own check ({@code ServiceTokenGuard});
 * {@code /q/health} stays open for probes. Fails closed: with no token configured nobody reads the metrics.
 */
@ApplicationScoped
public class MetricsGuard {

    static final String PATH = "/q/metrics";

    private final ServiceToken token;

    MetricsGuard(@ConfigProperty(name = "clirbench.auth.service-token") Optional<String> token) {
        this.token = ServiceToken.of(token);
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::guard);
    }

    private void guard(RoutingContext context) {
        String path = context.normalizedPath();
        if (!(path.equals(PATH) || path.startsWith(PATH + "/")) || token.acceptsHeader(context.request().getHeader("Authorization"))) {
            context.next();
            return;
        }
        context.response().setStatusCode(401).putHeader("WWW-Authenticate", "Bearer")
                .putHeader("Content-Type", "application/problem+json")
                .end("{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"" + PATH
                        + " needs the service token: Authorization: Bearer <clirbench.auth.service-token>\"}");
    }
}
