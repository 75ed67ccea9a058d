package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.encoders.ReferenceModel;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import grpc.health.v1.HealthGrpc;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The service end to end over a real gRPC channel (HTTP/2 on the test port) with the default
 * model, all-MiniLM-L6-v2: vectors equal langchain4j's model class within 1e-5 (the inherited
 * tests), also when many callers are batched together and when streamed, and bad requests get
 * the documented status codes.
 */
@QuarkusTest
class EmbedGrpcServiceTest extends ReferenceVectorsGrpcTest {

    /** The reference sentences and a one-word text, so that batches mix lengths. */
    static final List<String> TEXTS = Stream.concat(ReferenceModel.ALL_MINILM_L6_V2.texts().stream(), Stream.of("short")).toList();
    @Override
    ReferenceModel model() {
        return ReferenceModel.ALL_MINILM_L6_V2;
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
                assertMatchesReference(Role.QUERY, texts, futures.get(c).get(60, TimeUnit.SECONDS));
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
            assertMatchesReference(Role.DOCUMENT, List.of(TEXTS.get(i)), answers.get("chunk-" + i));
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
        assertThat(info.getKind()).isEqualTo("bi-encoder");
    }

    @Test
    void scoreOnABiEncoderIsFailedPrecondition() {
        var pair = io.clirbench.proto.embed.v1.ScoreRequest.newBuilder()
                .addPairs(io.clirbench.proto.embed.v1.ScorePair.newBuilder().setQuery("q").setDocument("d")).build();
        assertThatThrownBy(() -> embed.score(pair)).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
            assertThat(e.getStatus().getDescription()).contains("is a bi-encoder");
        });
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
