package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Backpressure: with a queue of 4 texts, a request of 8 finds no room and gets
 * RESOURCE_EXHAUSTED at once (the queue-full path of many callers is in DynamicBatcherTest).
 */
@QuarkusTest
@TestProfile(QueueFullTest.TinyQueue.class)
class QueueFullTest {

    public static class TinyQueue implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("embedder.batching.queue-capacity", "4", "embedder.max-request-texts", "4", "embedder.warm-up", "false");
        }
    }

    @TestHTTPResource("/")
    URL url;

    @Test
    void aRequestThatDoesNotFitIsResourceExhausted() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort()).usePlaintext().build();
        try {
            EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
            var stub = EmbedServiceGrpc.newBlockingStub(channel);
            // max-request-texts <= queue-capacity is checked at startup: a request larger than the
            // whole queue is refused as INVALID_ARGUMENT, never as a RESOURCE_EXHAUSTED no retry can cure
            assertThatThrownBy(() -> stub.embed(EmbedGrpcServiceTest.request(Collections.nCopies(8, "text"), Role.QUERY, "")))
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
            assertThat(stub.embed(EmbedGrpcServiceTest.request(Collections.nCopies(4, "text"), Role.QUERY, "")).getVectorsCount()).isEqualTo(4);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
