package io.clirbench.grpc.auth;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.util.Set;

/**
 * A server interceptor that lets a call through only when its metadata carries
 * {@code authorization: Bearer <service token>}; any other call is closed with
 * {@code UNAUTHENTICATED} before a message is read, and every call is when the server has no
 * token configured (fail closed). Only {@code grpc.health.v1.Health} is open, like
 * {@code /q/health}: probes carry no credentials and it tells nothing but serving or not.
 */
public final class ServiceTokenCheck implements ServerInterceptor {

    /** Services callable without the token. */
    static final Set<String> OPEN_SERVICES = Set.of("grpc.health.v1.Health");

    private final ServiceToken token;

    public ServiceTokenCheck(ServiceToken token) {
        this.token = token;
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        if (OPEN_SERVICES.contains(call.getMethodDescriptor().getServiceName())) {
            return next.startCall(call, headers);
        }
        if (!token.isConfigured()) {
            return refuse(call, "this service has no service token configured (clirbench.auth.service-token"
                    + " / CLIRBENCH_SERVICE_TOKEN): every call is refused");
        }
        if (!token.acceptsHeader(headers.get(ServiceToken.AUTHORIZATION))) {
            return refuse(call, "missing or wrong service token: send metadata 'authorization: Bearer <service token>'");
        }
        return next.startCall(call, headers);
    }

    private static <Q, A> ServerCall.Listener<Q> refuse(ServerCall<Q, A> call, String why) {
        call.close(Status.UNAUTHENTICATED.withDescription(why), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
