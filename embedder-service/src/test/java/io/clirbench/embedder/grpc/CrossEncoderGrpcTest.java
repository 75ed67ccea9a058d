package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.encoders.PairCosineCrossEncoder;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.clirbench.proto.embed.v1.ScorePair;
import io.clirbench.proto.embed.v1.ScoreRequest;
import io.clirbench.proto.embed.v1.ScoreResponse;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cross-encoder path end to end: the service started with a {@code kind: cross-encoder} card (the generated
 * {@link PairCosineCrossEncoder}, real ONNX Runtime, real tokenizer pair encoding, warm-up on), {@code Score} over
 * a real gRPC channel, every score equal to python onnxruntime's for the same pair; bad requests are
 * INVALID_ARGUMENT, {@code Embed} on a cross-encoder FAILED_PRECONDITION.
 */
@QuarkusTest
@TestProfile(CrossEncoderGrpcTest.Card.class)
class CrossEncoderGrpcTest {

    public static class Card implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            try {
                return Map.of("embedder.model-card", PairCosineCrossEncoder.card().toString());
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
        channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort()).usePlaintext().build();
        // the security contract's service token (harmless before the servers check it)
        Metadata token = new Metadata();
        token.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer test-service-token");
        stub = EmbedServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(token))
                .withDeadlineAfter(60, TimeUnit.SECONDS);
        EmbedGrpcServiceTest.Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
    }

    @AfterEach
    void close() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    static ScoreRequest request(List<PairCosineCrossEncoder.Pair> pairs, String id) {
        ScoreRequest.Builder b = ScoreRequest.newBuilder().setRequestId(id);
        pairs.forEach(p -> b.addPairs(ScorePair.newBuilder().setQuery(p.query()).setDocument(p.document())));
        return b.build();
    }

    @Test
    void scoresEveryPairLikePythonOnnxRuntimeInOneBatchAndOneByOne() throws Exception {
        List<PairCosineCrossEncoder.Pair> pairs = PairCosineCrossEncoder.expected().pairs();
        ScoreResponse batch = stub.score(request(pairs, "all"));
        assertThat(batch.getModelId()).isEqualTo(PairCosineCrossEncoder.ID);
        assertThat(batch.getRequestId()).isEqualTo("all");
        assertThat(batch.getScoresCount()).isEqualTo(pairs.size());
        assertThat(batch.getTruncatedPairs()).isZero();
        // the pair encoding gives python's token counts: [CLS] query [SEP] document [SEP]
        assertThat(batch.getTokenCount()).isEqualTo(pairs.stream().mapToLong(PairCosineCrossEncoder.Pair::tokens).sum());
        for (int i = 0; i < pairs.size(); i++) {
            assertThat((double) batch.getScores(i)).as("pair %d in a padded batch", i)
                    .isCloseTo(pairs.get(i).score(), within(PairCosineCrossEncoder.TOLERANCE));
            ScoreResponse alone = stub.score(request(List.of(pairs.get(i)), "one"));
            assertThat((double) alone.getScores(0)).as("pair %d alone", i)
                    .isCloseTo(pairs.get(i).score(), within(PairCosineCrossEncoder.TOLERANCE));
        }
        // reversed request order gives the same scores, reversed (order is kept, no cross-talk in a batch)
        List<PairCosineCrossEncoder.Pair> reversed = new java.util.ArrayList<>(pairs);
        Collections.reverse(reversed);
        ScoreResponse back = stub.score(request(reversed, "back"));
        for (int i = 0; i < pairs.size(); i++) {
            assertThat(back.getScores(i)).isCloseTo(batch.getScores(pairs.size() - 1 - i), within(1e-5f));
        }
    }

    @Test
    void infoSaysCrossEncoder() {
        InfoResponse info = stub.info(InfoRequest.getDefaultInstance());
        assertThat(info.getKind()).isEqualTo("cross-encoder");
        assertThat(info.getModelId()).isEqualTo(PairCosineCrossEncoder.ID);
        assertThat(info.getPooling()).isEqualTo("tensor:logits");
        assertThat(info.getNormalized()).isFalse();
    }

    @Test
    void badRequestsAreInvalidArgument() {
        ScorePair good = ScorePair.newBuilder().setQuery("q").setDocument("d").build();
        assertInvalid(ScoreRequest.getDefaultInstance(), "pairs is empty");
        assertInvalid(ScoreRequest.newBuilder().addPairs(good).addPairs(ScorePair.newBuilder().setQuery(" ").setDocument("d")).build(),
                "pairs[1].query is empty");
        assertInvalid(ScoreRequest.newBuilder().addPairs(ScorePair.newBuilder().setQuery("q")).build(), "pairs[0].document is empty");
        ScoreRequest.Builder many = ScoreRequest.newBuilder();
        for (int i = 0; i < 17; i++) {     // %test.embedder.max-request-texts=16
            many.addPairs(good);
        }
        assertInvalid(many.build(), "pairs holds 17 pairs, over the limit of 16");
    }

    @Test
    void embedOnACrossEncoderIsFailedPrecondition() {
        assertThatThrownBy(() -> stub.embed(EmbedGrpcServiceTest.request(List.of("a text"), Role.QUERY, "e")))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(e.getStatus().getDescription()).contains("is a cross-encoder");
                });
    }

    private void assertInvalid(ScoreRequest request, String message) {
        assertThatThrownBy(() -> stub.score(request)).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains(message);
        });
    }
}
