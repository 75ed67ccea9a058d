package io.clirbench.encoders;

import java.time.Duration;
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

    /** The batcher is closed (the service is shutting down). */
    public static final class ClosedException extends IllegalStateException {
        public ClosedException() {
            super("the embedding batcher is closed (the service is shutting down)");
        }
    }

    /** Settings; {@code maxTexts} is already capped for models that are not batch-invariant. */
    public record Settings(int maxTokens, int maxTexts, long maxWaitNanos, int queueCapacity, int workers) {
    }

    /** One queued text; answered once (by the worker that took it, or by close() while still queued). */
    private static final class Pending {
        final TokenizedText text;
        final Request request;
        final int index;
        boolean answered;

        Pending(TokenizedText text, Request request, int index) {
            this.text = text;
            this.request = request;
            this.index = index;
        }

        TokenizedText text() {
            return text;
        }

        Request request() {
            return request;
        }

        int index() {
            return index;
        }
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
    private final Object lock = new Object();
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
        // checked and queued under the lock that close() takes: nothing is queued after close() drained the queue
        synchronized (lock) {
            if (!running) {
                throw new ClosedException();
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
    }

    /** The most texts that may be queued or being embedded at once. */
    public int capacity() {
        return settings.queueCapacity();
    }

    /** Texts queued or being embedded. */
    public int depth() {
        return settings.queueCapacity() - room.availablePermits();
    }

    /**
     * Texts one worker takes per turn: one batch's worth when several workers share the queue
     * (so that a one-text-per-call model keeps every worker busy); a lone worker takes a window
     * of a few batches, which lets the length sort cut padding across callers.
     */
    static int window(Settings settings) {
        return settings.workers() > 1 || settings.maxTexts() == 1 ? settings.maxTexts() : settings.maxTexts() * 4;
    }

    private void work() {
        int window = window(settings);
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
                // closed while waiting for company: what this worker took must not be lost
                fail(taken, new ClosedException());
                Thread.currentThread().interrupt();
                return;
            } catch (Throwable e) {
                // run() answers every text it took; this is a last resort so that the worker survives
                fail(taken, e);
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
        List<int[]> batches;
        try {
            batches = planner.plan(lengths);
        } catch (Throwable e) {
            fail(taken, e);
            return;
        }
        for (int[] batch : batches) {
            List<TokenizedText> texts = new ArrayList<>(batch.length);
            int tokens = 0;
            for (int i : batch) {
                texts.add(taken.get(i).text());
                tokens += lengths[i];
            }
            long start = System.nanoTime();
            float[][] vectors;
            try {
                vectors = model.apply(texts);
                listener.batch(batch.length, tokens, batch.length * lengths[batch[batch.length - 1]], System.nanoTime() - start);
            } catch (Throwable e) {
                // an Error too (OutOfMemoryError, a native library's LinkageError): the callers are answered, the worker lives on
                for (int i : batch) {
                    fail(taken.get(i), e);
                }
                continue;
            }
            for (int k = 0; k < batch.length; k++) {
                complete(taken.get(batch[k]), vectors[k]);
            }
        }
    }

    private void complete(Pending p, float[] vector) {
        if (p.answered) {
            return;
        }
        p.answered = true;
        room.release();
        p.request().vectors[p.index()] = vector;
        if (p.request().remaining.decrementAndGet() == 0) {
            p.request().done.complete(p.request().vectors);
        }
    }

    private void fail(Pending p, Throwable e) {
        if (p.answered) {
            return;
        }
        p.answered = true;
        room.release();
        p.request().done.completeExceptionally(e);
    }

    private void fail(List<Pending> taken, Throwable e) {
        for (Pending p : taken) {
            fail(p, e);
        }
        taken.clear();
    }

    /**
     * Refuses further submits, fails every queued text with {@link ClosedException} and waits
     * (a few seconds at most) for the workers to finish the batch they are running.
     */
    @Override
    public void close() {
        synchronized (lock) {
            running = false;
        }
        workers.forEach(Thread::interrupt);
        ClosedException closed = new ClosedException();
        Pending p;
        while ((p = queue.poll()) != null) {
            fail(p, closed);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread worker : workers) {
            try {
                worker.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        // a text a worker polled while the queue was being drained
        while ((p = queue.poll()) != null) {
            fail(p, closed);
        }
    }
}
