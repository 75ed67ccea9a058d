package io.clirbench.core.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a build's items on at most {@code concurrency} threads and returns their results in item order, so the output
 * does not depend on which reply came first. When an item fails (budget spent, endpoint gone, interrupted), no
 * further item starts, the running ones finish (their calls are journaled) and the first failure is thrown.
 */
public final class ItemRunner {

    /** One item's work. */
    @FunctionalInterface
    public interface Work<I, R> {
        R run(I item) throws InterruptedException;
    }

    private ItemRunner() {
    }

    public static <I, R> List<R> run(List<I> items, int concurrency, Work<I, R> work, BuildLlm llm, BuildProgress progress)
            throws InterruptedException {
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1, was " + concurrency);
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger done = new AtomicInteger();
        List<Future<R>> futures = new ArrayList<>(items.size());
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "build-item");
            t.setDaemon(true);
            return t;
        });
        try {
            for (I item : items) {
                futures.add(pool.submit(() -> {
                    if (stop.get()) {
                        return null;
                    }
                    try {
                        R r = work.run(item);
                        progress.update(done.incrementAndGet(), items.size(), llm.tokens(), llm.cost());
                        return r;
                    } catch (RuntimeException | InterruptedException e) {
                        stop.set(true);
                        throw e;
                    }
                }));
            }
            List<R> results = new ArrayList<>(items.size());
            Throwable first = null;
            for (Future<R> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause();
                    }
                }
            }
            if (first instanceof RuntimeException re) {
                throw re;
            }
            if (first instanceof InterruptedException ie) {
                throw ie;
            }
            if (first != null) {
                throw new IllegalStateException(first);
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
