package io.clirbench.embedder.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.embedder.config.EmbedderConfig;
import io.clirbench.encoders.DynamicBatcher;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.Role;
import io.clirbench.embedder.metrics.EmbedderMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.annotation.Annotation;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Lifecycle without Quarkus: what a failed warm-up leaves behind. */
class LoadedModelTest {

    static EmbedderConfig config(int queueCapacity, boolean warmUp) {
        return config(queueCapacity, 4, warmUp);
    }

    static EmbedderConfig config(int queueCapacity, int maxRequestTexts, boolean warmUp) {
        EmbedderConfig.Batching batching = new EmbedderConfig.Batching() {
            public int maxTokens() { return 8192; }
            public int maxTexts() { return 64; }
            public Duration maxWait() { return Duration.ofMillis(2); }
            public int queueCapacity() { return queueCapacity; }
            public boolean batchVariantModels() { return false; }
            public OptionalInt workers() { return OptionalInt.of(2); }
        };
        return new EmbedderConfig() {
            public String modelCard() { return "classpath:models/all-minilm-l6-v2.json"; }
            public String device() { return "cpu"; }
            public OptionalInt intraOpThreads() { return OptionalInt.of(1); }
            public boolean spinning() { return false; }
            public int maxRequestTexts() { return maxRequestTexts; }
            public boolean warmUp() { return warmUp; }
            public Batching batching() { return batching; }
        };
    }

    static final class NoEvents implements Event<LoadedModel.State> {
        public void fire(LoadedModel.State event) { }
        public <U extends LoadedModel.State> CompletionStage<U> fireAsync(U event) { return null; }
        public <U extends LoadedModel.State> CompletionStage<U> fireAsync(U event, NotificationOptions options) { return null; }
        public Event<LoadedModel.State> select(Annotation... qualifiers) { return this; }
        public <U extends LoadedModel.State> Event<U> select(Class<U> subtype, Annotation... qualifiers) { throw new UnsupportedOperationException(); }
        public <U extends LoadedModel.State> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) { throw new UnsupportedOperationException(); }
    }

    static void awaitNot(LoadedModel model, LoadedModel.State state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (model.state() == state && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    static long batcherThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("embed-batcher-") && t.isAlive()).count();
    }

    @Test
    void aFailedWarmUpClosesTheBatcherAndTheSession() throws Exception {
        LoadedModel model = new LoadedModel(config(64, true), new EmbedderMetrics(new SimpleMeterRegistry()), new NoEvents());
        AtomicReference<Encoder> encoder = new AtomicReference<>();
        AtomicReference<DynamicBatcher> batcher = new AtomicReference<>();
        model.warmUp = (e, b) -> {
            encoder.set(e);
            batcher.set(b);
            throw new IllegalStateException("warm-up broke");
        };
        model.onStart(null);
        awaitNot(model, LoadedModel.State.LOADING);

        assertThat(model.state()).isEqualTo(LoadedModel.State.FAILED);
        assertThat(model.failure()).isEqualTo("warm-up broke");
        assertThat(model.batcher()).isNull();
        assertThat(model.encoder()).isNull();
        // the batcher is closed: it refuses work and its two workers end
        assertThatThrownBy(() -> batcher.get().submit(List.of(encoder.get().tokenize(Role.QUERY, "x"))))
                .isInstanceOf(IllegalStateException.class);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (batcherThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(batcherThreads()).isZero();
        // the ORT session is closed: inference on it is refused
        var text = List.of(new io.clirbench.encoders.TokenizedText(new long[] {101, 102}, new long[2], false));
        assertThatThrownBy(() -> encoder.get().encode(text)).hasMessageContaining("closed");
    }

    @Test
    void theWarmUpFitsASmallQueue() throws Exception {
        // 16 warm-up texts, a queue of 4: the warm-up goes in pieces and the model becomes READY
        LoadedModel model = new LoadedModel(config(4, true), new EmbedderMetrics(new SimpleMeterRegistry()), new NoEvents());
        model.onStart(null);
        awaitNot(model, LoadedModel.State.LOADING);
        try {
            assertThat(model.state()).as(model.failure()).isEqualTo(LoadedModel.State.READY);
        } finally {
            model.onStop(null);
        }
    }

    @Test
    void aRequestLimitAboveTheQueueStopsTheStart() {
        LoadedModel model = new LoadedModel(config(8, 16, false), new EmbedderMetrics(new SimpleMeterRegistry()), new NoEvents());
        assertThatThrownBy(() -> model.onStart(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("embedder.max-request-texts (16)")
                .hasMessageContaining("embedder.batching.queue-capacity (8)");
        assertThat(model.state()).isEqualTo(LoadedModel.State.LOADING);
        // equal is fine: a request of queue-capacity texts fits an empty queue
        LoadedModel.validate(config(8, 8, false));
    }
}
