package io.clirbench.gateway.peers;

import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Vector;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test peer: deterministic unit vectors from a hashed bag of words (32 dimensions); counts Embed
 * calls and the vectors it returned. {@link Mode#UNAVAILABLE} refuses every Embed (Info still
 * answers, as a replica that is up but overloaded); {@link Mode#SLOW} answers each Embed after
 * {@link #SLOW_MILLIS}.
 */
public final class FakeEmbedder extends EmbedServiceGrpc.EmbedServiceImplBase {

    public static final String MODEL = "test-model";
    public static final long SLOW_MILLIS = 2000;
    static final int DIM = 32;

    enum Mode { HEALTHY, UNAVAILABLE, SLOW }

    private final AtomicInteger calls;
    private final AtomicInteger texts;
    private final Mode mode;
    private final String model;

    FakeEmbedder(AtomicInteger calls, AtomicInteger texts) {
        this(calls, texts, Mode.HEALTHY);
    }

    FakeEmbedder(AtomicInteger calls, AtomicInteger texts, Mode mode) {
        this(MODEL, calls, texts, mode);
    }

    private FakeEmbedder(String model, AtomicInteger calls, AtomicInteger texts, Mode mode) {
        this.model = model;
        this.calls = calls;
        this.texts = texts;
        this.mode = mode;
    }

    /** A healthy peer that reports {@code model} in Info and Embed; counts its Embed calls. */
    public static FakeEmbedder serving(String model, AtomicInteger calls) {
        return new FakeEmbedder(model, calls, new AtomicInteger(), Mode.HEALTHY);
    }

    /** The vector of {@code text}: a hashed bag of words, unit length. */
    public static float[] vector(String text) {
        float[] v = new float[DIM];
        for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
            if (!word.isEmpty()) {
                v[Math.floorMod(word.hashCode(), DIM)] += 1;
            }
        }
        double norm = 0;
        for (float f : v) {
            norm += f * f;
        }
        if (norm == 0) {
            v[0] = 1;
            norm = 1;
        }
        for (int i = 0; i < DIM; i++) {
            v[i] = (float) (v[i] / Math.sqrt(norm));
        }
        return v;
    }

    @Override
    public void embed(EmbedRequest request, StreamObserver<EmbedResponse> out) {
        calls.incrementAndGet();
        if (mode == Mode.UNAVAILABLE) {
            out.onError(Status.UNAVAILABLE.withDescription("test peer refuses every Embed").asRuntimeException());
            return;
        }
        if (mode == Mode.SLOW) {
            try {
                Thread.sleep(SLOW_MILLIS);
            } catch (InterruptedException e) {
                out.onError(Status.CANCELLED.withDescription("test peer stopped").asRuntimeException());
                return;
            }
        }
        texts.addAndGet(request.getTextsCount());
        EmbedResponse.Builder b = EmbedResponse.newBuilder().setModelId(model).setDimension(DIM);
        for (String t : request.getTextsList()) {
            Vector.Builder vb = Vector.newBuilder();
            for (float f : vector(t)) {
                vb.addValues(f);
            }
            b.addVectors(vb);
        }
        out.onNext(b.build());
        out.onCompleted();
    }

    @Override
    public void info(InfoRequest request, StreamObserver<InfoResponse> out) {
        out.onNext(InfoResponse.newBuilder().setModelId(model).setDimension(DIM).setNativeDimension(DIM)
                .setMaxTokens(512).setPooling("mean").setNormalized(true).setDevice("cpu").addLanguages("en")
                .setDescription("hashed bag of words (test peer)").build());
        out.onCompleted();
    }
}
