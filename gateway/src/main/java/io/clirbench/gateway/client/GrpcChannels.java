package io.clirbench.gateway.client;

import io.clirbench.grpc.auth.ServiceToken;
import io.clirbench.grpc.auth.ServiceTokenCredentials;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One plaintext gRPC channel per host:port, created on first use and closed at shutdown. A host:port
 * target is resolved by gRPC's DNS resolver ({@code dns:///host:port}), which returns every address of
 * the name (every ready pod of a headless Service), and calls are spread over them round robin.
 * Every call carries the service token ({@code clirbench.auth.service-token}) as call credentials.
 */
@ApplicationScoped
public class GrpcChannels {

    /** Vectors of a large batch and top-1,000 lists of 64 queries fit. */
    private static final int MAX_INBOUND = 64 * 1024 * 1024;

    private final Map<String, ManagedChannel> channels = new ConcurrentHashMap<>();
    private final ClientInterceptor credentials;

    GrpcChannels(@ConfigProperty(name = "clirbench.auth.service-token") Optional<String> serviceToken) {
        this.credentials = ServiceTokenCredentials.interceptor(ServiceToken.of(serviceToken));
    }

    public ManagedChannel forTarget(String target) {
        return channels.computeIfAbsent(target, t -> ManagedChannelBuilder.forTarget(grpcTarget(t)).usePlaintext()
                .defaultLoadBalancingPolicy("round_robin").maxInboundMessageSize(MAX_INBOUND).intercept(credentials).build());
    }

    /** "host:port" → "dns:///host:port"; a target with a scheme ("dns:///...", "static://...") stays as it is. */
    static String grpcTarget(String target) {
        return target.contains(":/") ? target : "dns:///" + target;
    }

    @PreDestroy
    void close() throws InterruptedException {
        for (ManagedChannel c : channels.values()) {
            c.shutdownNow();
        }
        for (ManagedChannel c : channels.values()) {
            c.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
