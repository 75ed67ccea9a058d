package io.clirbench.encoders;

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

    static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("timed out waiting for the batcher");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static boolean awaitQuietly(CountDownLatch latch, long seconds) {
        try {
            return latch.await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void aWorkerTakesOneBatchPerTurnSoThatTwoWorkersShareARequest() throws Exception {
        // one text per call, two workers: both workers are first held on a blocker each, then a
        // request of 4 texts is queued and only worker X is let go. X must leave 3 texts in the
        // queue (one batch per turn), so that Y, let go once X runs its first text, takes one
        // too: the texts of the request run on two threads at once.
        CountDownLatch[] gates = {new CountDownLatch(1), new CountDownLatch(1)};
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch bothEntered = new CountDownLatch(2);
        CountDownLatch firstOfRequest = new CountDownLatch(1);
        CountDownLatch partner = new CountDownLatch(2);
        java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Function<List<TokenizedText>, float[][]> model = texts -> {
            int id = (int) texts.get(0).ids()[0];
            if (id >= 100) {
                entered.countDown();
                bothEntered.countDown();
                await(gates[id - 100]);
            } else {
                threads.add(Thread.currentThread().getName());
                firstOfRequest.countDown();
                partner.countDown();
                // without company the text goes on after 3 s, alone
                awaitQuietly(partner, 3);
            }
            return echo.apply(texts);
        };
        try (DynamicBatcher batcher = new DynamicBatcher(model, new DynamicBatcher.Settings(10_000, 1, 0, 100, 2), (n, t, p, ns) -> { })) {
            CompletableFuture<float[][]> x = batcher.submit(List.of(text(100, 2)));
            await(entered);
            CompletableFuture<float[][]> y = batcher.submit(List.of(text(101, 2)));
            await(bothEntered);
            CompletableFuture<float[][]> request = batcher.submit(List.of(text(1, 2), text(2, 3), text(3, 4), text(4, 5)));
            gates[0].countDown();
            await(firstOfRequest);
            gates[1].countDown();
            float[][] v = request.get(20, TimeUnit.SECONDS);
            assertThat(v).hasDimensions(4, 2);
            assertThat(v[0][0]).isEqualTo(1f);
            assertThat(v[3][0]).isEqualTo(4f);
            x.get(10, TimeUnit.SECONDS);
            y.get(10, TimeUnit.SECONDS);
            assertThat(threads).as("threads that ran the request's texts").hasSize(2);
        }
    }

    @Test
    void aWorkerTakesOneBatchPerTurnWhenWorkersShareTheQueue() {
        // Settings(maxTokens, maxTexts, maxWait, queueCapacity, workers)
        assertThat(DynamicBatcher.window(new DynamicBatcher.Settings(8192, 1, 0, 100, 1))).isEqualTo(1);
        assertThat(DynamicBatcher.window(new DynamicBatcher.Settings(8192, 1, 0, 100, 4))).isEqualTo(1);
        assertThat(DynamicBatcher.window(new DynamicBatcher.Settings(8192, 64, 0, 100, 2))).isEqualTo(64);
        // a lone worker keeps a window of four batches to sort by length across callers
        assertThat(DynamicBatcher.window(new DynamicBatcher.Settings(8192, 64, 0, 100, 1))).isEqualTo(256);
    }

    @Test
    void anErrorFailsItsCallersAndTheWorkerLivesOn() throws Exception {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        Function<List<TokenizedText>, float[][]> model = texts -> {
            if (calls.getAndIncrement() == 0) {
                throw new AssertionError("an Error, not a RuntimeException");
            }
            return echo.apply(texts);
        };
        try (DynamicBatcher batcher = new DynamicBatcher(model, new DynamicBatcher.Settings(100, 4, 0, 10, 1), (n, t, p, ns) -> { })) {
            CompletableFuture<float[][]> failed = batcher.submit(List.of(text(1, 2), text(2, 2)));
            assertThatThrownBy(() -> failed.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(java.util.concurrent.ExecutionException.class)
                    .hasCauseInstanceOf(AssertionError.class);
            // the same (only) worker answers the next request, and the room of the failed texts is back
            assertThat(batcher.submit(List.of(text(3, 2))).get(5, TimeUnit.SECONDS)[0]).containsExactly(3f, 2f);
            assertThat(batcher.depth()).isZero();
        }
    }

    @Test
    void aTextTakenWhileWaitingForCompanyIsAnsweredOnClose() throws Exception {
        // the worker takes the text, then waits up to 5 s for more: close() interrupts that wait
        DynamicBatcher batcher = new DynamicBatcher(echo, new DynamicBatcher.Settings(10_000, 64, TimeUnit.SECONDS.toNanos(5), 10, 1),
                (n, t, p, ns) -> { });
        CompletableFuture<float[][]> f = batcher.submit(List.of(text(1, 2)));
        Thread.sleep(300);
        batcher.close();
        assertThatThrownBy(() -> f.get(2, TimeUnit.SECONDS))
                .isInstanceOf(java.util.concurrent.ExecutionException.class)
                .hasCauseInstanceOf(DynamicBatcher.ClosedException.class);
        assertThat(batcher.depth()).isZero();
    }

    @Test
    void closeFailsQueuedTextsAndRefusesNewOnes() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Function<List<TokenizedText>, float[][]> slow = texts -> {
            entered.countDown();
            awaitQuietly(release, 10);
            return echo.apply(texts);
        };
        DynamicBatcher batcher = new DynamicBatcher(slow, new DynamicBatcher.Settings(10_000, 1, 0, 10, 1), (n, t, p, ns) -> { });
        CompletableFuture<float[][]> running = batcher.submit(List.of(text(1, 2)));
        await(entered);
        CompletableFuture<float[][]> queued = batcher.submit(List.of(text(2, 2), text(3, 2)));
        batcher.close();
        assertThatThrownBy(() -> queued.get(2, TimeUnit.SECONDS)).hasCauseInstanceOf(DynamicBatcher.ClosedException.class);
        // the batch being run when close() came is finished (the stand-in returns when interrupted)
        assertThat(running.get(2, TimeUnit.SECONDS)[0]).containsExactly(1f, 2f);
        assertThatThrownBy(() -> batcher.submit(List.of(text(4, 2)))).isInstanceOf(DynamicBatcher.ClosedException.class);
        assertThat(batcher.depth()).isZero();
    }

    @Test
    void submitsRacingCloseAreAllAnswered() throws Exception {
        for (int round = 0; round < 50; round++) {
            DynamicBatcher batcher = new DynamicBatcher(echo, new DynamicBatcher.Settings(10_000, 8, 0, 1_000_000, 2), (n, t, p, ns) -> { });
            List<CompletableFuture<float[][]>> futures = Collections.synchronizedList(new ArrayList<>());
            List<Thread> callers = new ArrayList<>();
            for (int c = 0; c < 3; c++) {
                callers.add(Thread.ofPlatform().start(() -> {
                    while (true) {
                        try {
                            futures.add(batcher.submit(List.of(text(1, 2))));
                        } catch (DynamicBatcher.QueueFullException e) {
                            Thread.onSpinWait();
                        } catch (IllegalStateException e) {
                            return;
                        }
                    }
                }));
            }
            Thread.sleep(2);
            batcher.close();
            for (Thread caller : callers) {
                caller.join(5000);
            }
            CompletableFuture<Void> all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).exceptionally(e -> null);
            all.get(10, TimeUnit.SECONDS);
            assertThat(futures).allMatch(CompletableFuture::isDone);
            assertThat(batcher.depth()).isZero();
        }
    }
}
