package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Output;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
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

/**
 * The service started with the tiny token model's card ({@code encoders/src/test/token-models/tiny/model.json}: a SPLADE output
 * and a token-vector output beside the dense one): embed.v1 {@code output} over a real gRPC channel. Expected values by
 * hand in {@code TokenOutputsTest}'s comment: "Datei" = {datei (8): 1, file (6): .5}; "die Datei" rows [CLS] (0, 0),
 * die (.6, .8), datei (.28, .96), [SEP] (0, 0).
 */
@QuarkusTest
@TestProfile(TokenModelGrpcTest.Card.class)
class TokenModelGrpcTest {

    public static class Card implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("embedder.model-card", Path.of(System.getProperty("project.root", ".."), "encoders/src/test/token-models/tiny/model.json")
                    .toAbsolutePath().toString());
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
    void infoListsTheCardsOutputs() {
        InfoResponse info = stub.info(InfoRequest.getDefaultInstance());
        assertThat(info.getOutputsList()).containsExactly("dense", "sparse", "multivector");
        assertThat(info.getSparseActivation()).isEqualTo("splade");
        assertThat(info.getMultivectorDimension()).isEqualTo(2);
        assertThat(info.getMultivectorNormalized()).isTrue();
    }

    @Test
    void sparseAndMultivectorOutputsComeBackPerText() {
        EmbedResponse sparse = stub.embed(EmbedGrpcServiceTest.request(List.of("Datei", "open the file"), Role.QUERY, "s").toBuilder()
                .setOutput(Output.OUTPUT_SPARSE).build());
        assertThat(sparse.getVectorsCount()).isZero();
        assertThat(sparse.getSparse(0).getIndicesList()).containsExactly(6, 8);
        assertThat(sparse.getSparse(0).getValuesList()).containsExactly(0.5f, 1f);
        assertThat(sparse.getSparse(1).getIndicesList()).containsExactly(4, 6, 8);
        EmbedResponse multi = stub.embed(EmbedGrpcServiceTest.request(List.of("die Datei"), Role.DOCUMENT, "m").toBuilder()
                .setOutput(Output.OUTPUT_MULTIVECTOR).build());
        assertThat(multi.getDimension()).isEqualTo(2);
        float[] rows = new float[multi.getMultivectors(0).getValuesCount()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = multi.getMultivectors(0).getValues(i);
        }
        assertThat(rows).containsExactly(new float[] {0, 0, 0.6f, 0.8f, 0.28f, 0.96f, 0, 0}, within(1e-6f));
    }

    @Test
    void alignWithASparseOutputIsRefused() {
        assertThatThrownBy(() -> stub.embed(EmbedGrpcServiceTest.request(List.of("Datei"), Role.QUERY, "a").toBuilder()
                .setOutput(Output.OUTPUT_SPARSE).setAlign(true).addLangs("de").build()))
                .isInstanceOf(StatusRuntimeException.class).hasMessageContaining("INVALID_ARGUMENT")
                .hasMessageContaining("align maps dense vectors");
    }
}
