package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import io.clirbench.embedder.mapping.EmbedMapper;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import grpc.health.v1.HealthGrpc;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The service end to end over a real gRPC channel (HTTP/2 on the test port) with the default
 * model, all-MiniLM-L6-v2: vectors equal langchain4j's model class within 1e-5, also when many
 * callers are batched together, and bad requests get the documented status codes.
 */
@QuarkusTest
class EmbedGrpcServiceTest {

    static final double TOLERANCE = 1e-5;
    static final List<String> TEXTS = List.of(
            "How many points did the Panthers defense surrender?",
            "The Panthers defense gave up just 308 points, ranking sixth in the league, while also leading"
                    + " the NFL in interceptions with 24 and boasting four Pro Bowl selections.",
            "Tesla was born in Smiljan.",
            "Photosynthesis converts light energy into chemical energy stored in glucose.",
            "short");
    static EmbeddingModel reference;

    @TestHTTPResource("/")
    URL url;

    ManagedChannel channel;
    EmbedServiceGrpc.EmbedServiceBlockingStub embed;

    @BeforeEach
    void connect() throws Exception {
        channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort()).usePlaintext().build();
        embed = EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
        Readiness.await(channel, HealthCheckResponse.ServingStatus.SERVING);
    }

    @AfterEach
    void close() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void embedsTextsLikeTheReferenceModel() {
        EmbedResponse response = embed.embed(request(TEXTS, Role.DOCUMENT, "r1"));
        assertThat(response.getModelId()).isEqualTo("all-minilm-l6-v2");
        assertThat(response.getRequestId()).isEqualTo("r1");
        assertThat(response.getDimension()).isEqualTo(384);
        assertThat(response.getTokenCount()).isPositive();
        assertMatchesReference(TEXTS, response);
    }

    @Test
    void concurrentCallersGetTheirOwnVectors() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<EmbedResponse>> futures = new ArrayList<>();
            for (int c = 0; c < 32; c++) {
                List<String> texts = List.of(TEXTS.get(c % TEXTS.size()), TEXTS.get((c + 1) % TEXTS.size()));
                futures.add(callers.submit(() -> embed.embed(request(texts, Role.QUERY, ""))));
            }
            for (int c = 0; c < futures.size(); c++) {
                List<String> texts = List.of(TEXTS.get(c % TEXTS.size()), TEXTS.get((c + 1) % TEXTS.size()));
                assertMatchesReference(texts, futures.get(c).get(60, TimeUnit.SECONDS));
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void streamAnswersEveryChunk() throws Exception {
        Map<String, EmbedResponse> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(1);
        List<Throwable> errors = new ArrayList<>();
        StreamObserver<EmbedRequest> out = EmbedServiceGrpc.newStub(channel).embedStream(new StreamObserver<>() {
            public void onNext(EmbedResponse value) { answers.put(value.getRequestId(), value); }
            public void onError(Throwable t) { errors.add(t); done.countDown(); }
            public void onCompleted() { done.countDown(); }
        });
        for (int i = 0; i < TEXTS.size(); i++) {
            out.onNext(request(List.of(TEXTS.get(i)), Role.DOCUMENT, "chunk-" + i));
        }
        out.onCompleted();
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        assertThat(errors).isEmpty();
        assertThat(answers).hasSize(TEXTS.size());
        for (int i = 0; i < TEXTS.size(); i++) {
            assertMatchesReference(List.of(TEXTS.get(i)), answers.get("chunk-" + i));
        }
    }

    @Test
    void infoDescribesTheModel() {
        InfoResponse info = embed.info(InfoRequest.getDefaultInstance());
        assertThat(info.getModelId()).isEqualTo("all-minilm-l6-v2");
        assertThat(info.getDimension()).isEqualTo(384);
        assertThat(info.getMaxTokens()).isEqualTo(256);
        assertThat(info.getPooling()).isEqualTo("mean");
        assertThat(info.getNormalized()).isTrue();
        assertThat(info.getQueryTemplate()).isEqualTo("{text}");
        assertThat(info.getRuntime()).startsWith("onnxruntime 1.");
        assertThat(info.getDevice()).isEqualTo("cpu");
        assertThat(info.getLanguagesList()).containsExactly("en");
        assertThat(info.getMaxBatchTexts()).isEqualTo(16);
    }

    @Test
    void badRequestsAreInvalidArguments() {
        assertStatus(request(List.of(), Role.QUERY, ""), Status.Code.INVALID_ARGUMENT, "texts is empty");
        assertStatus(request(List.of("fine", " "), Role.QUERY, ""), Status.Code.INVALID_ARGUMENT, "texts[1] is empty");
        assertStatus(request(java.util.Collections.nCopies(17, "x"), Role.QUERY, ""), Status.Code.INVALID_ARGUMENT, "over the limit of 16");
        assertStatus(request(List.of("fine"), Role.ROLE_UNSPECIFIED, ""), Status.Code.INVALID_ARGUMENT, "role must be QUERY or DOCUMENT");
    }

    private void assertStatus(EmbedRequest request, Status.Code code, String description) {
        assertThatThrownBy(() -> embed.embed(request))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(code);
                    assertThat(e.getStatus().getDescription()).contains(description);
                });
    }

    static EmbedRequest request(List<String> texts, Role role, String id) {
        return EmbedRequest.newBuilder().addAllTexts(texts).setRole(role).setRequestId(id).build();
    }

    static synchronized EmbeddingModel reference() {
        if (reference == null) {
            reference = new AllMiniLmL6V2EmbeddingModel();
        }
        return reference;
    }

    static void assertMatchesReference(List<String> texts, EmbedResponse response) {
        assertThat(response.getVectorsCount()).isEqualTo(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            float[] actual = EmbedMapper.floats(response.getVectors(i));
            float[] expected = reference().embed(texts.get(i)).content().vector();
            assertThat(actual).hasSameSizeAs(expected);
            for (int d = 0; d < actual.length; d++) {
                assertThat((double) Math.abs(actual[d] - expected[d])).as("text %d component %d", i, d).isLessThanOrEqualTo(TOLERANCE);
            }
        }
    }

    /** Waits on the standard gRPC health service. */
    static final class Readiness {
        static void await(ManagedChannel channel, HealthCheckResponse.ServingStatus wanted) throws InterruptedException {
            HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            HealthCheckResponse.ServingStatus last = null;
            while (System.nanoTime() < deadline) {
                try {
                    last = health.check(HealthCheckRequest.newBuilder().setService("embed.v1.EmbedService").build()).getStatus();
                    if (last == wanted) {
                        return;
                    }
                } catch (StatusRuntimeException e) {
                    last = null;
                }
                Thread.sleep(100);
            }
            throw new AssertionError("gRPC health never became " + wanted + " (last: " + last + ")");
        }
    }
}
