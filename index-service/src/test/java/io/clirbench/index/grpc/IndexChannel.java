package io.clirbench.index.grpc;

import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.concurrent.TimeUnit;

/** A real gRPC channel to the application under test (gRPC shares the HTTP test port). */
final class IndexChannel implements AutoCloseable {

    private final ManagedChannel channel;

    IndexChannel() {
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        channel = Grpc.newChannelBuilderForAddress("localhost", port, InsecureChannelCredentials.create())
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
