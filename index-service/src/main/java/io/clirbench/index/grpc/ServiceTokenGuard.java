package io.clirbench.index.grpc;

import io.clirbench.grpc.auth.ServiceToken;
import io.clirbench.grpc.auth.ServiceTokenCheck;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Every gRPC call needs the service token ({@code clirbench.auth.service-token}); see {@link ServiceTokenCheck}. */
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
