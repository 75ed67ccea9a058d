package io.clirbench.gateway.peers;

import io.clirbench.grpc.auth.ServiceToken;
import io.clirbench.grpc.auth.ServiceTokenCheck;
import io.grpc.ServerBuilder;

/** The gateway's gRPC peers check the service token as the real index-service and embedders do. */
public final class SecuredPeers {

    /** The %test profile's {@code clirbench.auth.service-token}. */
    public static final String SERVICE_TOKEN = "test-service-token";

    private SecuredPeers() {
    }

    /** A server builder on a free port whose every call needs {@link #SERVICE_TOKEN}. */
    public static ServerBuilder<?> onFreePort() {
        return onPort(0);
    }

    /** The same on a given port. */
    public static ServerBuilder<?> onPort(int port) {
        return ServerBuilder.forPort(port).intercept(new ServiceTokenCheck(ServiceToken.of(SERVICE_TOKEN)));
    }
}
