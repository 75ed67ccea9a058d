package io.clirbench.embedder.encoder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Merges texts from many callers into model batches. Callers {@link #submit} tokenized texts;
 * worker threads take what is queued (waiting up to {@code maxWait} for company), plan
 * token-bounded batches sorted by length and run them. The queue is bounded in texts: a
 * submit that does not fit fails at once with {@link QueueFullException} (backpressure).
 */
public final class DynamicBatcher implements AutoCloseable {

    /** Observes the batcher (metrics). */
    public interface Listener {
        void batch(int texts, int tokens, int paddedTokens, long nanos);
    }

    /** The queue holds no room for a submit. */
    public static final class QueueFullException extends RuntimeException {
        public QueueFullException(int asked, int capacity) {
            super("the embedding queue is full (" + capacity + " texts): asked room for " + asked);
        }
    }

    /** Settings; {@code maxTexts} is already capped for models that are not batch-invariant. */
    public record Settings(int maxTokens, int maxTexts, long maxWaitNanos, int queueCapacity, int workers) {
    }

    private record Pending(TokenizedText text, Request request, int index) {
    }

    private static final class Request {
        final float[][] vectors;
        final AtomicInteger remaining;
        final CompletableFuture<float[][]> done = new CompletableFuture<>();

        Request(int size) {
            vectors = new float[size][];
            remaining = new AtomicInteger(size);
        }
    }

    private final Function<List<TokenizedText>, float[][]> model;
    private final Settings settings;
    private final BatchPlanner planner;
    private final Listener listener;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Semaphore room;
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean running = true;

    public DynamicBatcher(Function<List<TokenizedText>, float[][]> model, Settings settings, Listener listener) {
        this.model = model;
        this.settings = settings;
        this.planner = new BatchPlanner(settings.maxTokens(), settings.maxTexts());
        this.listener = listener;
        this.room = new Semaphore(settings.queueCapacity());
        for (int i = 0; i < settings.workers(); i++) {
            Thread worker = Thread.ofPlatform().name("embed-batcher-" + i).daemon().unstarted(this::work);
            workers.add(worker);
            worker.start();
        }
    }

    /** Queues texts; the future completes with their vectors in order. */
    public CompletableFuture<float[][]> submit(List<TokenizedText> texts) {
        if (!running) {
            throw new IllegalStateException("the batcher is closed");
        }
        if (!room.tryAcquire(texts.size())) {
            throw new QueueFullException(texts.size(), settings.queueCapacity());
        }
        Request request = new Request(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            queue.add(new Pending(texts.get(i), request, i));
        }
        return request.done;
    }

    /** The most texts that may be queued or being embedded at once. */
    public int capacity() {
        return settings.queueCapacity();
    }

    /** Texts queued or being embedded. */
    public int depth() {
        return settings.queueCapacity() - room.availablePermits();
    }

    private void work() {
        // a window of a few batches lets the length sort cut padding across callers
        int window = settings.maxTexts() * 4;
        List<Pending> taken = new ArrayList<>(window);
        while (running) {
            try {
                Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                taken.add(first);
                long deadline = System.nanoTime() + settings.maxWaitNanos();
                while (taken.size() < settings.maxTexts()) {
                    Pending next = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    if (next == null) {
                        break;
                    }
                    taken.add(next);
                }
                queue.drainTo(taken, window - taken.size());
                run(taken);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                taken.clear();
            }
        }
    }

    private void run(List<Pending> taken) {
        int[] lengths = new int[taken.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = taken.get(i).text().length();
        }
        for (int[] batch : planner.plan(lengths)) {
            List<TokenizedText> texts = new ArrayList<>(batch.length);
            int tokens = 0;
            for (int i : batch) {
                texts.add(taken.get(i).text());
                tokens += lengths[i];
            }
            long start = System.nanoTime();
            try {
                float[][] vectors = model.apply(texts);
                listener.batch(batch.length, tokens, batch.length * lengths[batch[batch.length - 1]], System.nanoTime() - start);
                for (int k = 0; k < batch.length; k++) {
                    complete(taken.get(batch[k]), vectors[k]);
                }
            } catch (RuntimeException e) {
                for (int i : batch) {
                    Pending p = taken.get(i);
                    room.release();
                    p.request().done.completeExceptionally(e);
                }
            }
        }
    }

    private void complete(Pending p, float[] vector) {
        room.release();
        p.request().vectors[p.index()] = vector;
        if (p.request().remaining.decrementAndGet() == 0) {
            p.request().done.complete(p.request().vectors);
        }
    }

    @Override
    public void close() {
        running = false;
        workers.forEach(Thread::interrupt);
        IllegalStateException closed = new IllegalStateException("the batcher was closed");
        Pending p;
        while ((p = queue.poll()) != null) {
            room.release();
            p.request().done.completeExceptionally(closed);
        }
    }
}
