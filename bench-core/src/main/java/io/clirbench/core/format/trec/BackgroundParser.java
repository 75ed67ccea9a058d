package io.clirbench.core.format.trec;

import io.clirbench.core.run.RankedList;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/**
 * Runs a list producer (the run parser) on its own thread and hands the finished lists to the
 * calling thread through a small bounded queue, so that parsing the next queries overlaps
 * whatever the caller does with the current one (scoring), on a second core. Memory stays
 * bounded by the queue capacity plus the list being built.
 */
final class BackgroundParser implements AutoCloseable {

    private static final int CAPACITY = 8;
    private static final Object END = new Object();

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Thread thread;
    private volatile boolean cancelled;

    /** Starts {@code producer}, which must hand every list to the consumer it is given. */
    BackgroundParser(String threadName, Consumer<Consumer<RankedList>> producer) {
        thread = Thread.ofPlatform().daemon().name(threadName).unstarted(() -> produce(producer));
        thread.start();
    }

    /** Hands every produced list to {@code sink} on the calling thread; rethrows the producer's failure. */
    void drainTo(Consumer<RankedList> sink) {
        while (true) {
            Object next = take();
            if (next == END) {
                return;
            }
            if (next instanceof RuntimeException e) {
                throw e;
            }
            if (next instanceof Error e) {
                throw e;
            }
            sink.accept((RankedList) next);
        }
    }

    /** Stops the producer (if still running) and waits for it, so the file is closed on return. */
    @Override
    public void close() {
        cancelled = true;
        thread.interrupt();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void produce(Consumer<Consumer<RankedList>> producer) {
        try {
            producer.accept(this::put);
            put(END);
        } catch (Cancelled e) {
            // the consumer is gone: nothing to report
        } catch (RuntimeException | Error e) {
            try {
                put(e);
            } catch (Cancelled ignored) {
                // the consumer is gone: nothing to report
            }
        }
    }

    private void put(Object item) {
        if (cancelled) {
            throw new Cancelled();
        }
        try {
            queue.put(item);
        } catch (InterruptedException e) {
            throw new Cancelled();
        }
    }

    private Object take() {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the run parser", e);
        }
    }

    /** Unwinds the producer once the consumer has stopped listening. */
    private static final class Cancelled extends RuntimeException {
        Cancelled() {
            super(null, null, false, false);
        }
    }
}
