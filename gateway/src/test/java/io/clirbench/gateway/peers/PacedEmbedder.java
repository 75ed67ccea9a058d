package io.clirbench.gateway.peers;

import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.clirbench.proto.embed.v1.Vector;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test peer of {@code paced-model}: the vectors of {@link FakeEmbedder} after {@link #PACE_MILLIS} per Embed, as a
 * replica busy computing. It logs each Embed as it arrives ({@code short DOCUMENT}, {@code long QUERY}: {@code short}
 * when a text holds {@link #SHORT_MARK}) and counts the calls in progress now and at most.
 */
public final class PacedEmbedder extends EmbedServiceGrpc.EmbedServiceImplBase {

    public static final String MODEL = "paced-model";
    public static final long PACE_MILLIS = 100;
    /** A word in every text of the short run's dataset. */
    public static final String SHORT_MARK = "qqshortrun";
    /** Keys of {@code counts}. */
    public static final String IN_FLIGHT = "paced.in-flight";
    public static final String MAX_IN_FLIGHT = "paced.max-in-flight";

    private final List<String> log;
    private final AtomicInteger inFlight;
    private final AtomicInteger maxInFlight;

    PacedEmbedder(List<String> log, Map<String, AtomicInteger> counts) {
        this.log = log;
        this.inFlight = counts.computeIfAbsent(IN_FLIGHT, k -> new AtomicInteger());
        this.maxInFlight = counts.computeIfAbsent(MAX_IN_FLIGHT, k -> new AtomicInteger());
    }

    @Override
    public void embed(EmbedRequest request, StreamObserver<EmbedResponse> out) {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        boolean counted = true;
        try {
            boolean isShort = request.getTextsList().stream().anyMatch(t -> t.contains(SHORT_MARK));
            log.add((isShort ? "short " : "long ") + (request.getRole() == Role.QUERY ? "QUERY" : "DOCUMENT"));
            Thread.sleep(PACE_MILLIS);
            EmbedResponse.Builder b = EmbedResponse.newBuilder().setModelId(MODEL).setDimension(FakeEmbedder.DIM);
            for (String t : request.getTextsList()) {
                Vector.Builder vb = Vector.newBuilder();
                for (float f : FakeEmbedder.vector(t)) {
                    vb.addValues(f);
                }
                b.addVectors(vb);
            }
            // no longer in progress before the answer leaves: once the client has it, it may send its next call at
            // once, and counting that one before this decrement would see one call too many
            inFlight.decrementAndGet();
            counted = false;
            out.onNext(b.build());
            out.onCompleted();
        } catch (InterruptedException e) {
            out.onError(Status.CANCELLED.withDescription("test peer stopped").asRuntimeException());
        } finally {
            if (counted) {
                inFlight.decrementAndGet();
            }
        }
    }

    @Override
    public void info(InfoRequest request, StreamObserver<InfoResponse> out) {
        out.onNext(InfoResponse.newBuilder().setModelId(MODEL).setDimension(FakeEmbedder.DIM).setNativeDimension(FakeEmbedder.DIM)
                .setMaxTokens(512).setPooling("mean").setNormalized(true).setDevice("cpu").addLanguages("en")
                .setDescription("hashed bag of words, paced (test peer)").build());
        out.onCompleted();
    }
}
