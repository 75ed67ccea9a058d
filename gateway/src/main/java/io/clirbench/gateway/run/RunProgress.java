package io.clirbench.gateway.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live, mutable state of one run while this gateway executes or watches it: lifecycle, retriever
 * counters, phase timings, cancellation. {@link #snapshot()} gives the run JSON. Thread-safe.
 */
public final class RunProgress {

    /** Phases whose time is recorded (README "Timings"). */
    public enum TimedPhase { EMBED, INDEX, SEARCH, PUBLISH, EVAL, TOTAL }

    private final RunSnapshot initial;
    private final List<RetrieverProgress> retrievers = new ArrayList<>();
    private final AtomicLong[] millis = new AtomicLong[TimedPhase.values().length];
    private final boolean[] ran = new boolean[TimedPhase.values().length];
    private volatile RunLifecycle state;
    private volatile String message;
    private volatile RunSnapshot.EvalServiceStatus evaluation;
    private volatile boolean cancelRequested;
    /** Cancelled with the run: its gRPC calls and waits end (see {@link io.clirbench.gateway.client.CancellableWaits}). */
    private final io.grpc.Context.CancellableContext context = io.grpc.Context.ROOT.withCancellation();
    private volatile long startedNanos;
    private volatile String resumedAt;
    private volatile boolean abandoned;

    public RunProgress(RunSnapshot view) {
        this.initial = view;
        this.state = view.state();
        this.message = view.message();
        this.evaluation = view.evaluation();
        this.resumedAt = view.resumedAt();
        view.retrievers().forEach(r -> retrievers.add(new RetrieverProgress(r)));
        RunSnapshot.Timings t = view.timings();
        Long[] given = t == null ? new Long[6]
                : new Long[] {t.embedMillis(), t.indexMillis(), t.searchMillis(), t.publishMillis(), t.evalMillis(), t.totalMillis()};
        for (int i = 0; i < millis.length; i++) {
            millis[i] = new AtomicLong(given[i] == null ? 0 : given[i]);
            ran[i] = given[i] != null;
        }
    }

    /** The message of a run a gateway resumed at {@code instant} (ISO-8601). */
    public static String resumedMessage(String instant) {
        return "resumed after a gateway restart at " + instant;
    }

    /**
     * Resumes this run after the process that ran it stopped: its message says so, and each retriever goes on from what
     * was recorded ({@code confirmed}: per retriever id, the query ids whose results the broker had confirmed).
     */
    public synchronized void resume(String instant, java.util.Map<String, java.util.Set<String>> confirmed) {
        resumedAt = instant;
        message = resumedMessage(instant);
        retrievers.forEach(r -> r.resume(confirmed.getOrDefault(r.id(), java.util.Set.of())));
    }

    /** When a gateway resumed this run (ISO-8601); null when none did. */
    public String resumedAt() {
        return resumedAt;
    }

    public String id() {
        return initial.id();
    }

    public RunSnapshot initial() {
        return initial;
    }

    public List<RetrieverProgress> retrievers() {
        return retrievers;
    }

    public RunLifecycle state() {
        return state;
    }

    public synchronized void state(RunLifecycle newState, String newMessage) {
        state = newState;
        message = newMessage;
    }

    /**
     * Moves the run from {@code expected} to {@code newState} only if it is still in {@code expected}; false when
     * another thread got there first (a cancel of an EVALUATING run and the watcher's COMPLETED race this way).
     */
    public synchronized boolean transition(RunLifecycle expected, RunLifecycle newState, String newMessage) {
        if (state != expected) {
            return false;
        }
        state(newState, newMessage);
        return true;
    }

    public void evaluation(String evalState, String url) {
        evaluation = new RunSnapshot.EvalServiceStatus(evalState, url);
    }

    public RunSnapshot.EvalServiceStatus evaluation() {
        return evaluation;
    }

    /** Adds the time since {@code startNanos} to a phase. */
    public void timed(TimedPhase phase, long startNanos) {
        ran[phase.ordinal()] = true;
        millis[phase.ordinal()].addAndGet((System.nanoTime() - startNanos) / 1_000_000);
    }

    public void total(long totalMillis) {
        ran[TimedPhase.TOTAL.ordinal()] = true;
        millis[TimedPhase.TOTAL.ordinal()].set(totalMillis);
    }

    public long startedNanos() {
        return startedNanos;
    }

    public void started() {
        startedNanos = System.nanoTime();
    }

    /**
     * The context the run's work executes in ({@link io.grpc.Context#call}): cancelled when the run is cancelled or
     * abandoned, which ends its gRPC calls and waits. Never a thread interrupt (issue 45): one that reached a thread in
     * H2's file I/O closed the gateway's database, and one that came late reached the next run on the same pool thread.
     */
    public io.grpc.Context context() {
        return context;
    }

    /** Asks the run to stop: its steps see the request, its gRPC calls and waits end (its context is cancelled). */
    public void cancel() {
        cancelRequested = true;
        context.cancel(null);
    }

    /**
     * Another gateway replica took this run over (this one had not renewed its lease in time): this process stops
     * working on it without a word to the eval-service or the store, which belong to the new owner now.
     */
    public void abandon() {
        abandoned = true;
        context.cancel(null);
    }

    public boolean abandoned() {
        return abandoned;
    }

    public boolean cancelRequested() {
        return cancelRequested;
    }

    public RunSnapshot snapshot() {
        Long[] t = new Long[millis.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = ran[i] ? millis[i].get() : null;
        }
        return new RunSnapshot(initial.id(), initial.dataset(), initial.datasetVersion(), state, initial.depth(),
                initial.seed(), initial.bootstrap(), retrievers.stream().map(RetrieverProgress::snapshot).toList(), evaluation,
                message, initial.createdAt(), Instant.now().toString(), new RunSnapshot.Timings(t[0], t[1], t[2], t[3], t[4], t[5]),
                null, resumedAt, initial.warnings());
    }
}
