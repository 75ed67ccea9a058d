package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A model that cannot load (its "ONNX" file is JSON): UNAVAILABLE, readiness DOWN, gRPC health NOT_SERVING. */
@QuarkusTest
@TestProfile(UnavailableModelTest.BrokenModel.class)
class UnavailableModelTest {

    public static class BrokenModel implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("embedder.model-card", "classpath:cards/not-an-onnx-file.json");
        }
    }

    @TestHTTPResource("/")
    URL url;

    @Test
    void requestsAreUnavailableAndHealthSaysSo() throws Exception {
        ManagedChannel channel = TestChannels.open(url);
        try {
            EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.NOT_SERVING);
            assertThatThrownBy(() -> EmbedServiceGrpc.newBlockingStub(channel)
                    .embed(EmbedGrpcServiceTest.request(List.of("text"), Role.QUERY, "")))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                        assertThat(e.getStatus().getDescription()).contains("not-an-onnx-file.json");
                    });
            io.restassured.RestAssured.given().get("/q/health/ready").then().statusCode(503);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
