package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.encoders.TinyStaticModel;
import io.clirbench.embedder.mapping.EmbedMapper;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The service started with a {@code kind: static} card (warm-up on): Embed over a real gRPC channel gives the hand-computed vectors. */
@QuarkusTest
@TestProfile(StaticModelGrpcTest.Card.class)
class StaticModelGrpcTest {

    public static class Card implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            try {
                return Map.of("embedder.model-card", TinyStaticModel.write(Path.of("target/tiny-static")).toString());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @TestHTTPResource("/")
    URL url;

    ManagedChannel channel;
    EmbedServiceGrpc.EmbedServiceBlockingStub stub;

    @BeforeEach
    void connect() throws Exception {
        channel = TestChannels.open(url);
        stub = EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
        EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
    }

    @AfterEach
    void close() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void embedsTheMeanOfTheTokenVectors() {
        EmbedResponse r = stub.embed(EmbedGrpcServiceTest.request(List.of("Open the FILE", "Datei"), Role.QUERY, "s"));
        assertThat(EmbedMapper.floats(r.getVectors(0))).containsExactly(TinyStaticModel.OPEN_THE_FILE, within(1e-5f));
        assertThat(EmbedMapper.floats(r.getVectors(1))).containsExactly(new float[] {0f, 1f}, within(1e-6f));
    }

    @Test
    void aSparseOutputIsAFailedPreconditionNamingTheDeclaredOutputs() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> stub.embed(EmbedGrpcServiceTest.request(List.of("Datei"), Role.QUERY, "s")
                        .toBuilder().setOutput(io.clirbench.proto.embed.v1.Output.OUTPUT_SPARSE).build()))
                .isInstanceOf(io.grpc.StatusRuntimeException.class).hasMessageContaining("FAILED_PRECONDITION")
                .hasMessageContaining("model tiny-static has no sparse output (its card declares [dense])");
    }

    @Test
    void infoSaysStatic() {
        InfoResponse info = stub.info(InfoRequest.getDefaultInstance());
        assertThat(info.getKind()).isEqualTo("static");
        assertThat(info.getModelId()).isEqualTo("tiny-static");
        assertThat(info.getDimension()).isEqualTo(2);
        assertThat(info.getLanguagesList()).containsExactly("en", "de");
    }
}
