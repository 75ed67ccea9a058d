package io.clirbench.index.grpc;

import io.clirbench.grpc.auth.ServiceToken;
import io.clirbench.grpc.auth.ServiceTokenCredentials;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.concurrent.TimeUnit;

/**
 * A real gRPC channel to the application under test (gRPC shares the HTTP test port) whose calls
 * carry the %test service token, as the gateway's do.
 */
final class IndexChannel implements AutoCloseable {

    /** The %test profile's {@code clirbench.auth.service-token}. */
    static final String SERVICE_TOKEN = "test-service-token";

    private final ManagedChannel channel;

    IndexChannel() {
        this(SERVICE_TOKEN);
    }

    /** A channel sending {@code token} ({@code null}: no token at all). */
    IndexChannel(String token) {
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        channel = Grpc.newChannelBuilderForAddress("localhost", port, InsecureChannelCredentials.create())
                .intercept(ServiceTokenCredentials.interceptor(ServiceToken.of(token)))
                .maxInboundMessageSize(64 << 20).build();
    }

    IndexServiceGrpc.IndexServiceBlockingStub stub() {
        return IndexServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
