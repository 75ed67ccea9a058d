package io.clirbench.gateway.run;

import io.clirbench.gateway.config.GatewayConfig;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admits runs of every kind (retrieval and QA runs together) to execution: at most {@code gateway.runs.max-concurrent}
 * execute at once, the others wait first in, first out. A run holds its place from submission until its orchestrator
 * returns (EVALUATING, FAILED or CANCELLED: the eval-service's work is not counted). A waiting run can be withdrawn
 * (cancelled) without disturbing the others; {@link #position} says where one waits.
 */
@ApplicationScoped
public class RunQueue {

    private final int maxConcurrent;
    private final ExecutorService workers;
    /** Waiting runs in arrival order, by id. Guarded by {@code this}. */
    private final Map<String, Runnable> waiting = new LinkedHashMap<>();
    /** Runs executing now. Guarded by {@code this}. */
    private int running;

    @Inject
    RunQueue(GatewayConfig config) {
        this(config.runs().maxConcurrent());
    }

    /** A queue executing at most {@code maxConcurrent} runs at once (at least 1). */
    public RunQueue(int maxConcurrent) {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("gateway.runs.max-concurrent must be at least 1, not " + maxConcurrent);
        }
        this.maxConcurrent = maxConcurrent;
        AtomicInteger n = new AtomicInteger();
        // daemons: at shutdown a running run is left RUNNING and becomes INTERRUPTED at the next start
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "run-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public int maxConcurrent() {
        return maxConcurrent;
    }

    /**
     * Starts {@code work} (the run {@code id}) now when fewer than the maximum execute, else queues it last.
     *
     * @return where it waits; empty when it started
     */
    public synchronized Optional<RunSnapshot.Queue> submit(String id, Runnable work) {
        if (running < maxConcurrent) {
            running++;
            start(work);
            return Optional.empty();
        }
        waiting.put(id, work);
        return Optional.of(new RunSnapshot.Queue(waiting.size(), waiting.size()));
    }

    /** Takes a waiting run out of line (the runs behind it move up); empty when it is not waiting (started, or unknown). */
    public synchronized Optional<Runnable> withdraw(String id) {
        return Optional.ofNullable(waiting.remove(id));
    }

    /** Where run {@code id} waits; empty when it is not waiting. */
    public synchronized Optional<RunSnapshot.Queue> position(String id) {
        int i = 1;
        for (String waiter : waiting.keySet()) {
            if (waiter.equals(id)) {
                return Optional.of(new RunSnapshot.Queue(i, waiting.size()));
            }
            i++;
        }
        return Optional.empty();
    }

    /** Runs executing now. */
    public synchronized int running() {
        return running;
    }

    private void start(Runnable work) {
        try {
            workers.execute(() -> {
                try {
                    work.run();
                } finally {
                    next();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // shutting down: the run stays QUEUED in its store and becomes INTERRUPTED at the next start
            running--;
        }
    }

    private synchronized void next() {
        running--;
        Iterator<Runnable> first = waiting.values().iterator();
        if (first.hasNext() && running < maxConcurrent) {
            Runnable work = first.next();
            first.remove();
            running++;
            start(work);
        }
    }

    /** Starts nothing new; runs executing now keep their (daemon) threads until the process ends. */
    @PreDestroy
    void close() {
        workers.shutdown();
    }
}
