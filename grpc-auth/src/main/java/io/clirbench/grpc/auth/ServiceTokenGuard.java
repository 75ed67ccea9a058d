package io.clirbench.grpc.auth;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@link ServiceTokenCheck} on every gRPC service of a Quarkus app that has this jar (index-service,
 * embedder-service): a global interceptor, so a service added later is covered without a line of
 * its own. The token is {@code clirbench.auth.service-token}.
 */
@Singleton
@GlobalInterceptor
public class ServiceTokenGuard implements ServerInterceptor {

    private final ServiceTokenCheck check;

    ServiceTokenGuard(@ConfigProperty(name = "clirbench.auth.service-token") Optional<String> token) {
        this.check = new ServiceTokenCheck(ServiceToken.of(token));
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        return check.interceptCall(call, headers, next);
    }
}
