package io.clirbench.embedder.grpc;

import static io.clirbench.encoders.ReferenceModel.TOLERANCE;
import static io.clirbench.encoders.ReferenceModel.maxAbsDiff;
import static org.assertj.core.api.Assertions.assertThat;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.encoders.ReferenceModel;
import io.clirbench.embedder.mapping.EmbedMapper;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A built-in model end to end over a real gRPC channel (HTTP/2 on the test port): real
 * sentences embedded as QUERY and as DOCUMENT equal langchain4j's model class for the same text,
 * with the prefix the model was trained with, within {@link ReferenceModel#TOLERANCE} per
 * component, and {@code Info} names the model. One {@code @QuarkusTest} subclass per model.
 */
abstract class ReferenceVectorsGrpcTest {

    /** Starts the service with the model's built-in card, without warm-up (it adds nothing here and costs seconds). */
    abstract static class CardProfile implements QuarkusTestProfile {
        private final ReferenceModel model;

        CardProfile(ReferenceModel model) {
            this.model = model;
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("embedder.model-card", model.card(), "embedder.warm-up", "false");
        }
    }

    @TestHTTPResource("/")
    URL url;

    ManagedChannel channel;
    EmbedServiceGrpc.EmbedServiceBlockingStub embed;

    /** The model the service under test was started with. */
    abstract ReferenceModel model();

    @BeforeEach
    void connect() throws Exception {
        channel = TestChannels.open(url);
        embed = EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
        EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
    }

    @AfterEach
    void close() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void embedsQueriesAndDocumentsLikeTheReferenceModel() {
        List<String> texts = model().texts();
        for (Role role : List.of(Role.QUERY, Role.DOCUMENT)) {
            EmbedResponse response = embed.embed(EmbedGrpcServiceTest.request(texts, role, "r-" + role));
            assertThat(response.getModelId()).isEqualTo(model().id());
            assertThat(response.getRequestId()).isEqualTo("r-" + role);
            assertThat(response.getDimension()).isEqualTo(model().dimension());
            assertThat(response.getTokenCount()).isPositive();
            assertThat(response.getTruncatedTexts()).isZero();
            assertMatchesReference(role, texts, response);
        }
    }

    @Test
    void infoNamesTheModelAndItsTemplates() {
        InfoResponse info = embed.info(InfoRequest.getDefaultInstance());
        assertThat(info.getModelId()).isEqualTo(model().id());
        assertThat(info.getDimension()).isEqualTo(model().dimension());
        assertThat(info.getNativeDimension()).isEqualTo(model().dimension());
        // exact templates: a lost space after "passage:" tokenizes the same, so the vectors alone would not see it
        assertThat(info.getQueryTemplate()).isEqualTo(model().input(io.clirbench.encoders.Role.QUERY, "{text}"));
        assertThat(info.getDocumentTemplate()).isEqualTo(model().input(io.clirbench.encoders.Role.DOCUMENT, "{text}"));
        assertThat(info.getNormalized()).isTrue();
        assertThat(info.getDevice()).isEqualTo("cpu");
    }

    /** Every vector of the response equals the reference vector of the same text in the same role. */
    void assertMatchesReference(Role role, List<String> texts, EmbedResponse response) {
        // mapped by name, not by EmbedMapper (the code under test)
        io.clirbench.encoders.Role encoderRole = io.clirbench.encoders.Role.valueOf(role.name());
        assertThat(response.getVectorsCount()).isEqualTo(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            float[] actual = EmbedMapper.floats(response.getVectors(i));
            assertThat(actual).as("%s %s text %d", model().id(), role, i).hasSize(model().dimension());
            assertThat(maxAbsDiff(actual, model().embed(encoderRole, texts.get(i))))
                    .as("%s %s text %d", model().id(), role, i).isLessThanOrEqualTo(TOLERANCE);
        }
    }
}
