package io.clirbench.gateway.run;

import io.clirbench.gateway.config.GatewayConfig;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admits runs of every kind (retrieval and QA runs together) to execution: at most {@code gateway.runs.max-concurrent}
 * execute at once, the others wait first in, first out. A run holds its place from its start until its orchestrator
 * returns (EVALUATING, FAILED or CANCELLED: the eval-service's work is not counted). A run also waits while an
 * executing run holds one of its claims (two retrieval runs of one dataset would fill and drop the same index
 * collections under each other), and the runs behind it wait with it, so that position 1 is always the next to start.
 * A waiting run can be withdrawn (cancelled) without disturbing the others; {@link #position} says where one waits.
 * The line itself is in memory; the runs in it are in the database, and a gateway that starts puts them back in it in
 * their order ({@link RunLifecycleService#recover()}).
 */
@ApplicationScoped
public class RunQueue {

    private final int maxConcurrent;
    private final ExecutorService workers;
    /** Waiting runs in arrival order, by id. Guarded by {@code this}. */
    private final Map<String, Entry> waiting = new LinkedHashMap<>();
    /** Runs executing now, by id, with their claims. Guarded by {@code this}. */
    private final Map<String, Set<String>> running = new HashMap<>();

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
        // daemons: at shutdown a running run is left RUNNING; the next start (or another replica) resumes it
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "run-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public int maxConcurrent() {
        return maxConcurrent;
    }

    /** A run in line or executing: what it holds that no other run may hold at the same time, and its work. */
    private record Entry(Set<String> claims, Runnable work) {
    }

    /**
     * Starts {@code work} (the run {@code id}) now when fewer than the maximum execute, nobody waits and no executing
     * run holds one of its {@code claims}; else queues it last.
     *
     * @param claims what the run must hold alone (a retrieval run: its dataset, whose index collections it fills)
     * @return where it waits; empty when it started
     */
    public synchronized Optional<RunSnapshot.Queue> submit(String id, Set<String> claims, Runnable work) {
        waiting.put(id, new Entry(Set.copyOf(claims), work));
        startWhatCan();
        return position(id);
    }

    /** Takes a waiting run out of line (the runs behind it move up); empty when it is not waiting (started, or unknown). */
    public synchronized Optional<Runnable> withdraw(String id) {
        Entry e = waiting.remove(id);
        if (e == null) {
            return Optional.empty();
        }
        startWhatCan();
        return Optional.of(e.work());
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
        return running.size();
    }

    /** First in, first out: the first in line starts while places are free and it claims nothing an executing run holds. */
    private void startWhatCan() {
        Iterator<Map.Entry<String, Entry>> first = waiting.entrySet().iterator();
        while (first.hasNext() && running.size() < maxConcurrent) {
            Map.Entry<String, Entry> head = first.next();
            if (running.values().stream().anyMatch(held -> !java.util.Collections.disjoint(held, head.getValue().claims()))) {
                return;
            }
            first.remove();
            running.put(head.getKey(), head.getValue().claims());
            start(head.getKey(), head.getValue().work());
        }
    }

    private void start(String id, Runnable work) {
        try {
            workers.execute(() -> {
                try {
                    work.run();
                } finally {
                    finished(id);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // shutting down: the run stays QUEUED in its store and is resumed at the next start
            running.remove(id);
        }
    }

    private synchronized void finished(String id) {
        running.remove(id);
        startWhatCan();
    }

    /** Starts nothing new; runs executing now keep their (daemon) threads until the process ends. */
    @PreDestroy
    void close() {
        workers.shutdown();
    }
}
