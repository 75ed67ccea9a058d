package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Only callers with the service token get vectors or the model's Info; the others get UNAUTHENTICATED. */
@QuarkusTest
class ServiceTokenTest {

    @TestHTTPResource("/")
    URL url;

    @Test
    void callsWithoutOrWithAWrongTokenAreUnauthenticated() throws Exception {
        for (String token : Arrays.asList(null, "wrong-token", TestChannels.SERVICE_TOKEN + "-")) {
            ManagedChannel channel = TestChannels.withToken(url, token);
            try {
                // the health service stays open for probes, like /q/health
                EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
                assertUnauthenticated(() -> EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                        .embed(EmbedGrpcServiceTest.request(List.of("a forged text"), Role.DOCUMENT, "")));
                assertUnauthenticated(() -> EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                        .info(InfoRequest.getDefaultInstance()));
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void callsWithTheTokenAreServed() throws Exception {
        ManagedChannel channel = TestChannels.open(url);
        try {
            EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
            assertThat(EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS)
                    .embed(EmbedGrpcServiceTest.request(List.of("a text"), Role.DOCUMENT, "")).getVectorsCount()).isEqualTo(1);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    static void assertUnauthenticated(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
