package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.util.concurrent.ListenableFuture;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.embedder.model.LoadedModel;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Backpressure with a queue of 4 texts and one worker that waits up to 5 s for company before it
 * runs a batch (the texts it holds count against the queue until they are answered): callers of
 * 3 and 1 texts fill the queue, and a further caller gets RESOURCE_EXHAUSTED at once.
 */
@QuarkusTest
@TestProfile(QueueFullTest.TinyQueue.class)
class QueueFullTest {

    public static class TinyQueue implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("embedder.batching.queue-capacity", "4", "embedder.max-request-texts", "4",
                    "embedder.batching.max-wait", "5s", "embedder.batching.workers", "1", "embedder.warm-up", "false");
        }
    }

    @TestHTTPResource("/")
    URL url;

    @Inject
    LoadedModel model;

    @Test
    void aQueueFilledByOtherCallersRefusesTheNextOne() throws Exception {
        ManagedChannel channel = TestChannels.open(url);
        try {
            EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
            var stub = EmbedServiceGrpc.newBlockingStub(channel);
            var async = EmbedServiceGrpc.newFutureStub(channel);
            assertThat(model.batcher().depth()).isZero();

            ListenableFuture<EmbedResponse> three = async.embed(EmbedGrpcServiceTest.request(List.of("one", "two", "three"), Role.QUERY, "a"));
            awaitDepth(3);
            ListenableFuture<EmbedResponse> one = async.embed(EmbedGrpcServiceTest.request(List.of("four"), Role.DOCUMENT, "b"));
            awaitDepth(4);
            // the worker still waits for company: 4 of 4 texts are held, one more does not fit
            assertThatThrownBy(() -> stub.embed(EmbedGrpcServiceTest.request(List.of("five"), Role.QUERY, "c")))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                        assertThat(e.getStatus().getDescription()).contains("queue is full").contains("retry");
                    });
            // the callers that got in are answered once the worker runs their batch
            assertThat(three.get(30, TimeUnit.SECONDS).getVectorsCount()).isEqualTo(3);
            assertThat(one.get(30, TimeUnit.SECONDS).getVectorsCount()).isEqualTo(1);
            assertThat(model.batcher().depth()).isZero();
            // and the refused caller's retry gets in
            assertThat(stub.embed(EmbedGrpcServiceTest.request(List.of("five"), Role.QUERY, "c")).getVectorsCount()).isEqualTo(1);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aRequestLargerThanTheQueueIsInvalidNotExhausted() throws Exception {
        ManagedChannel channel = TestChannels.open(url);
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

    void awaitDepth(int depth) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        while (model.batcher().depth() < depth && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(model.batcher().depth()).as("texts held by the batcher").isEqualTo(depth);
    }
}
