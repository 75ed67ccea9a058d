package io.clirbench.gateway.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** The live, mutable state of one run; {@link #snapshot()} gives the run JSON. Thread-safe. */
public final class RunTracker {

    /** Counters of one retriever. */
    public static final class Progress {
        final String id;
        volatile String state = "QUEUED";
        final AtomicInteger documentsEmbedded = new AtomicInteger();
        final int documents;
        final AtomicInteger queriesEmbedded = new AtomicInteger();
        final int queries;
        final AtomicInteger queriesSearched = new AtomicInteger();
        final AtomicInteger queriesPublished = new AtomicInteger();

        Progress(RunView.RetrieverView v) {
            id = v.id();
            state = v.state();
            documents = v.documents();
            queries = v.queries();
            documentsEmbedded.set(v.documentsEmbedded());
            queriesEmbedded.set(v.queriesEmbedded());
            queriesSearched.set(v.queriesSearched());
            queriesPublished.set(v.queriesPublished());
        }

        public void state(String s) {
            state = s;
        }

        public void documentsEmbedded(int n) {
            documentsEmbedded.addAndGet(n);
        }

        public void queriesEmbedded(int n) {
            queriesEmbedded.addAndGet(n);
        }

        public void queriesSearched(int n) {
            queriesSearched.addAndGet(n);
        }

        public void queryPublished() {
            queriesPublished.incrementAndGet();
        }

        public int published() {
            return queriesPublished.get();
        }

        RunView.RetrieverView view() {
            return new RunView.RetrieverView(id, state, documentsEmbedded.get(), documents, queriesEmbedded.get(),
                    queries, queriesSearched.get(), queriesPublished.get());
        }
    }

    /** Phases whose time is recorded (README "Timings"). */
    public enum Phase { EMBED, INDEX, SEARCH, PUBLISH, EVAL, TOTAL }

    private final RunView initial;
    private final List<Progress> retrievers = new ArrayList<>();
    private final AtomicLong[] millis = new AtomicLong[Phase.values().length];
    private final boolean[] ran = new boolean[Phase.values().length];
    private volatile RunState state;
    private volatile String message;
    private volatile RunView.Evaluation evaluation;
    private volatile boolean cancelRequested;
    private volatile Thread worker;
    private volatile long startedNanos;

    public RunTracker(RunView view) {
        this.initial = view;
        this.state = view.state();
        this.message = view.message();
        this.evaluation = view.evaluation();
        view.retrievers().forEach(r -> retrievers.add(new Progress(r)));
        RunView.Timings t = view.timings();
        Long[] given = t == null ? new Long[6]
                : new Long[] {t.embedMillis(), t.indexMillis(), t.searchMillis(), t.publishMillis(), t.evalMillis(), t.totalMillis()};
        for (int i = 0; i < millis.length; i++) {
            millis[i] = new AtomicLong(given[i] == null ? 0 : given[i]);
            ran[i] = given[i] != null;
        }
    }

    public String id() {
        return initial.id();
    }

    public RunView initial() {
        return initial;
    }

    public List<Progress> retrievers() {
        return retrievers;
    }

    public RunState state() {
        return state;
    }

    public synchronized void state(RunState newState, String newMessage) {
        state = newState;
        message = newMessage;
    }

    public void evaluation(String evalState, String url) {
        evaluation = new RunView.Evaluation(evalState, url);
    }

    public RunView.Evaluation evaluation() {
        return evaluation;
    }

    /** Adds the time since {@code startNanos} to a phase. */
    public void timed(Phase phase, long startNanos) {
        ran[phase.ordinal()] = true;
        millis[phase.ordinal()].addAndGet((System.nanoTime() - startNanos) / 1_000_000);
    }

    public void total(long totalMillis) {
        ran[Phase.TOTAL.ordinal()] = true;
        millis[Phase.TOTAL.ordinal()].set(totalMillis);
    }

    public long startedNanos() {
        return startedNanos;
    }

    public void started(Thread thread) {
        worker = thread;
        startedNanos = System.nanoTime();
    }

    /** Asks the run to stop: its worker thread is interrupted (gRPC calls and waits end at once). */
    public void cancel() {
        cancelRequested = true;
        Thread t = worker;
        if (t != null) {
            t.interrupt();
        }
    }

    public boolean cancelRequested() {
        return cancelRequested;
    }

    public void finished() {
        worker = null;
    }

    public RunView snapshot() {
        Long[] t = new Long[millis.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = ran[i] ? millis[i].get() : null;
        }
        return new RunView(initial.id(), initial.dataset(), initial.datasetVersion(), state, initial.depth(),
                initial.seed(), initial.bootstrap(), retrievers.stream().map(Progress::view).toList(), evaluation,
                message, initial.createdAt(), Instant.now().toString(), new RunView.Timings(t[0], t[1], t[2], t[3], t[4], t[5]));
    }
}
