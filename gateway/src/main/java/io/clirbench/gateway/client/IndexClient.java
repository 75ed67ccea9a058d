package io.clirbench.gateway.client;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/** The index-service at {@code gateway.index.target}. */
@ApplicationScoped
public class IndexClient {

    private final Channels channels;
    private final GatewayConfig config;

    IndexClient(Channels channels, GatewayConfig config) {
        this.channels = channels;
        this.config = config;
    }

    /** A blocking stub with a deadline generous enough for an upsert or a search batch at depth 1,000. */
    public IndexServiceGrpc.IndexServiceBlockingStub stub() {
        return IndexServiceGrpc.newBlockingStub(channels.forTarget(config.index().target()))
                .withDeadlineAfter(10, TimeUnit.MINUTES);
    }

    /** The collection's description, or {@code null} when the index-service has no such collection. */
    public CollectionInfo describe(String collection) {
        try {
            return stub().describeCollection(DescribeCollectionRequest.newBuilder().setName(collection).build());
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return null;
            }
            throw e;
        }
    }

    public String target() {
        return config.index().target();
    }
}
