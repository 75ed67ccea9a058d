package io.clirbench.embedder.encoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The batcher with a stand-in model that returns each text's first token id as its vector,
 * so that every caller can check it got its own texts back, in order.
 */
class DynamicBatcherTest {

    final List<Integer> batchSizes = Collections.synchronizedList(new ArrayList<>());
    final Function<List<TokenizedText>, float[][]> echo = texts -> {
        batchSizes.add(texts.size());
        return texts.stream().map(t -> new float[] {t.ids()[0], t.length()}).toArray(float[][]::new);
    };

    static TokenizedText text(int id, int length) {
        long[] ids = new long[length];
        ids[0] = id;
        return new TokenizedText(ids, new long[length], false);
    }

    @Test
    void mergesCallersAndAnswersEachInOrder() throws Exception {
        try (DynamicBatcher batcher = new DynamicBatcher(echo,
                new DynamicBatcher.Settings(10_000, 64, TimeUnit.MILLISECONDS.toNanos(50), 1000, 1), (n, t, p, ns) -> { })) {
            List<CompletableFuture<float[][]>> futures = new ArrayList<>();
            for (int caller = 0; caller < 10; caller++) {
                futures.add(batcher.submit(List.of(text(caller * 10, 5 + caller), text(caller * 10 + 1, 3))));
            }
            for (int caller = 0; caller < 10; caller++) {
                float[][] v = futures.get(caller).get(10, TimeUnit.SECONDS);
                assertThat(v[0]).containsExactly(caller * 10f, 5f + caller);
                assertThat(v[1]).containsExactly(caller * 10 + 1f, 3f);
            }
            // 20 texts from 10 callers took fewer than 10 inference calls
            assertThat(batchSizes).hasSizeLessThan(10);
            assertThat(batcher.depth()).isZero();
        }
    }

    @Test
    void aFullQueueRefusesAtOnce() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Function<List<TokenizedText>, float[][]> slow = texts -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return echo.apply(texts);
        };
        try (DynamicBatcher batcher = new DynamicBatcher(slow, new DynamicBatcher.Settings(10_000, 4, 0, 6, 1), (n, t, p, ns) -> { })) {
            CompletableFuture<float[][]> first = batcher.submit(List.of(text(1, 2), text(2, 2), text(3, 2), text(4, 2)));
            assertThatThrownBy(() -> batcher.submit(List.of(text(5, 2), text(6, 2), text(7, 2))))
                    .isInstanceOf(DynamicBatcher.QueueFullException.class)
                    .hasMessageContaining("6 texts");
            assertThat(batcher.depth()).isEqualTo(4);
            release.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS)).hasDimensions(4, 2);
            assertThat(batcher.submit(List.of(text(5, 2), text(6, 2), text(7, 2))).get(10, TimeUnit.SECONDS)).hasDimensions(3, 2);
        }
    }

    @Test
    void aFailingBatchFailsItsCallers() {
        try (DynamicBatcher batcher = new DynamicBatcher(t -> {
            throw new IllegalStateException("boom");
        }, new DynamicBatcher.Settings(100, 4, 0, 10, 1), (n, t, p, ns) -> { })) {
            CompletableFuture<float[][]> f = batcher.submit(List.of(text(1, 2)));
            assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("boom");
        }
    }
}
