package io.clirbench.gateway.run;

import io.clirbench.gateway.error.RequestRejectedException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * The lifecycle every kind of run shares (retrieval runs, QA runs): a run is persisted QUEUED in its kind's store
 * before any work, executed by its kind's {@link Orchestration} when the shared {@link RunQueue} admits it (a QUEUED
 * run shows its place in line), followed live (RUNNING runs saved every second, with the results the broker confirmed
 * recorded in the {@link RunJournal}), cancelled on request (a waiting run leaves the line at once). A run is owned by
 * one gateway replica through a lease in the database, renewed every second. A gateway that starts, and every replica
 * every few seconds after, resumes the runs nobody owns any more (README "Faults"): RUNNING ones first, then QUEUED ones,
 * each in the order it was accepted, back into the line and carried on from their recorded progress; EVALUATING ones
 * are watched again. Not a bean: each kind's service builds one over its store and orchestrator and delegates to it.
 *
 * @param <Q> the kind's request, as stored beside the run and handed to its orchestrator
 */
public final class RunLifecycleService<Q> implements RunDirectory {

    private static final Logger LOG = Logger.getLogger(RunLifecycleService.class);

    /** What executes one kind of run. */
    public interface Orchestration<Q> {

        /** Runs to EVALUATING (then the {@link EvalWatcher} takes over) or to FAILED/CANCELLED; {@code save} persists. */
        void execute(RunProgress run, Q request, Consumer<RunProgress> save);

        /**
         * Ends a run a restart left unfinished and that cannot be resumed (its stored request cannot be read): publishes
         * its completion FAILED and puts it INTERRUPTED with {@code message}.
         */
        void interrupt(RunProgress run, String message, Consumer<RunProgress> save);
    }

    /**
     * What tells the kinds apart.
     *
     * @param noun           how messages name a run ({@code run}, {@code QA run})
     * @param threadPrefix   names of its threads ({@code run}, {@code qa-run}: the progress saver)
     * @param evalCollection the eval-service's collection of such runs ({@code /api/runs/})
     * @param requestType    the request as stored beside the run (read again to resume it)
     * @param claims         what a run must hold alone while it executes (see {@link RunQueue#submit})
     */
    public record Kind(String noun, String threadPrefix, String evalCollection, Class<?> requestType,
                       java.util.function.Function<RunSnapshot, java.util.Set<String>> claims) {
    }

    private final Kind kind;
    private final RunSnapshotStore store;
    private final Orchestration<Q> orchestration;
    private final EvalWatcher evalWatcher;
    private final RunQueue queue;
    private final RunJournal journal;
    private final Map<String, RunProgress> live = new ConcurrentHashMap<>();
    private final ScheduledExecutorService saver;

    public RunLifecycleService(Kind kind, RunSnapshotStore store, Orchestration<Q> orchestration, EvalWatcher evalWatcher,
                               RunQueue queue, RunJournal journal) {
        this.kind = kind;
        this.journal = journal;
        this.store = store;
        this.orchestration = orchestration;
        this.evalWatcher = evalWatcher;
        this.queue = queue;
        this.saver = Executors.newSingleThreadScheduledExecutor(daemon(kind.threadPrefix() + "-progress-saver"));
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * At startup: saves live progress and renews leases every second from now on, resumes what the last process left,
     * and looks again every lease/3 for runs whose owner died (another replica's).
     */
    public void start() {
        // reading the maximum creates the queue now: a bad gateway.runs.max-concurrent stops the start
        LOG.infof("%ss: at most %d runs execute at once (gateway.runs.max-concurrent); replica '%s'", kind.noun(),
                queue.maxConcurrent(), journal.owner());
        saver.scheduleWithFixedDelay(this::saveLive, 1, 1, TimeUnit.SECONDS);
        journal.dropOwnClaims(); // nothing runs here yet: what this replica holds was left by a killed process
        recover();
        long every = Math.max(1000, journal.leaseMillis() / 3);
        saver.scheduleWithFixedDelay(this::recoverQuietly, every, every, TimeUnit.MILLISECONDS);
    }

    private void recoverQuietly() {
        try {
            recover();
        } catch (RuntimeException e) {
            LOG.warnf(e, "looking for %ss to resume failed; the next look tries again", kind.noun());
        }
    }

    /**
     * Resumes the runs no live replica owns (this one's own after a restart at once, another's once its lease lapsed):
     * RUNNING, then QUEUED, each oldest first, back into the line from their recorded progress; EVALUATING ones watched.
     */
    public synchronized void recover() {
        for (RunLifecycle state : List.of(RunLifecycle.RUNNING, RunLifecycle.QUEUED)) {
            for (RunSnapshot run : store.inState(state)) {
                if (!live.containsKey(run.id()) && journal.claim(run.id())) {
                    resume(run, state);
                }
            }
        }
        for (RunSnapshot run : store.inState(RunLifecycle.EVALUATING)) {
            if (!live.containsKey(run.id()) && journal.claim(run.id())) {
                RunProgress tracker = new RunProgress(run);
                String at = java.time.Instant.now().toString();
                tracker.resume(at, Map.of()); // its message says so; the watcher keeps it
                journal.resumed(run.id(), at);
                live.put(run.id(), tracker);
                store.update(tracker.snapshot());
                LOG.infof("%s %s was EVALUATING when its gateway stopped: watching the eval-service again", kind.noun(), run.id());
                evalWatcher.watch(tracker, kind.evalCollection(), this::save);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void resume(RunSnapshot run, RunLifecycle state) {
        String at = java.time.Instant.now().toString();
        RunProgress tracker = new RunProgress(run);
        Q request;
        try {
            request = (Q) store.request(run.id(), kind.requestType());
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s %s cannot be resumed", kind.noun(), run.id());
            orchestration.interrupt(tracker, "gateway restarted during the " + kind.noun() + " and could not resume it: "
                    + io.clirbench.core.io.FailureMessage.of(e), this::save);
            return;
        }
        tracker.resume(at, journal.confirmed(run.id()));
        journal.resumed(run.id(), at);
        live.put(run.id(), tracker);
        store.update(tracker.snapshot());
        LOG.infof("%s %s was %s when its gateway stopped: resumed (%s)", kind.noun(), run.id(), state,
                tracker.retrievers().stream().map(r -> r.id() + " " + r.phase() + ", " + r.published() + " results confirmed")
                        .collect(java.util.stream.Collectors.joining("; ")));
        java.util.Set<String> claims = kind.claims().apply(run);
        queue.submit(run.id(), claims, () -> executeHolding(tracker, request, claims));
    }

    /**
     * Executes a run once it holds its claims across replicas too (another replica may execute a run of the same
     * dataset: this one waits, QUEUED, saying which), and gives them up when its orchestrator returns.
     */
    private void executeHolding(RunProgress tracker, Q request, java.util.Set<String> claims) {
        if (!claims.isEmpty()) {
            String before = tracker.snapshot().message();
            boolean said = false;
            while (!tracker.cancelRequested()) {
                java.util.Optional<String> holder;
                try {
                    holder = journal.holdClaims(tracker.id(), claims);
                } catch (RuntimeException e) {
                    LOG.warnf(e, "%s %s: claiming %s failed; trying again", kind.noun(), tracker.id(), claims);
                    holder = java.util.Optional.of("(unknown: the database did not answer)");
                }
                if (holder.isEmpty()) {
                    break;
                }
                if (!said) {
                    tracker.state(RunLifecycle.QUEUED, "waiting for " + kind.noun() + " " + holder.get() + " on another gateway replica: it"
                            + " holds " + String.join(", ", claims));
                    save(tracker);
                    said = true;
                }
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    break; // the cancel interrupts nothing here (no worker yet); the loop sees the request
                }
            }
            if (said) {
                tracker.state(RunLifecycle.QUEUED, before);
            }
        }
        try {
            orchestration.execute(tracker, request, this::save);
        } finally {
            if (!claims.isEmpty()) {
                try {
                    journal.releaseClaims(tracker.id());
                } catch (RuntimeException e) {
                    LOG.warnf(e, "%s %s: releasing %s failed; they lapse with the lease", kind.noun(), tracker.id(), claims);
                }
            }
        }
    }

    /**
     * Persists {@code run} (QUEUED) with {@code request}, then queues it for its orchestrator ({@code claims}: see
     * {@link RunQueue#submit}); returns it QUEUED, with its place when it waits.
     */
    public RunSnapshot accept(RunSnapshot run, Q request, java.util.Set<String> claims) {
        RunProgress tracker = new RunProgress(run);
        live.put(run.id(), tracker); // before the rows exist: a concurrent recover() never takes a run being accepted
        try {
            journal.accepted(run.id());
            store.insert(run, request);
        } catch (RuntimeException e) {
            live.remove(run.id());
            throw e;
        }
        return queue.submit(run.id(), claims, () -> executeHolding(tracker, request, claims)).map(run::waiting)
                .orElse(run);
    }

    /**
     * Takes an ended run back to EVALUATING and watches it until the eval-service has evaluated it again
     * ({@link RunReevaluation}). {@code start} sees the stored run, refuses it (throwing) or asks the eval-service, and
     * gives the run's message while it is evaluated; whatever it throws passes through with nothing changed here. The run
     * is owned here (its lease) before {@code start} asks, so that no other replica takes it meanwhile, and after: a
     * gateway restart watches it again like any EVALUATING run.
     */
    public RunSnapshot evaluateAgain(String id, java.util.function.Function<RunSnapshot, String> start) {
        RunSnapshot known = get(id); // 404 before any lease row is written
        if (live.containsKey(id)) {
            throw RequestRejectedException.conflict(kind.noun() + " '" + id + "' is " + known.state()
                    + "; only a COMPLETED or FAILED " + kind.noun() + " can be evaluated again");
        }
        if (!journal.claim(id)) {
            throw RequestRejectedException.conflict(kind.noun() + " '" + id + "' is " + known.state()
                    + " and another gateway replica holds it (evaluating it again); try again when it has ended");
        }
        RunProgress tracker;
        try {
            RunSnapshot run = store.find(id).orElseThrow(); // as stored now that it is held here
            String message = start.apply(run);
            tracker = new RunProgress(run);
            tracker.state(run.state(), message);
        } catch (RuntimeException e) {
            journal.release(id);
            throw e;
        }
        live.put(id, tracker);
        LOG.infof("%s %s: evaluated again on request; watching the eval-service", kind.noun(), id);
        evalWatcher.evaluate(tracker, kind.evalCollection(), this::save);
        return tracker.snapshot();
    }

    /** A live run now; a waiting one with its place in line. */
    private RunSnapshot view(RunProgress t) {
        RunSnapshot now = t.snapshot();
        return now.state() == RunLifecycle.QUEUED ? queue.position(t.id()).map(now::waiting).orElse(now) : now;
    }

    @Override
    public RunSnapshot get(String id) {
        RunProgress t = live.get(id);
        if (t != null) {
            return view(t);
        }
        return store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no " + kind.noun() + " '" + id + "'"));
    }

    @Override
    public RunPage list(int limit, int offset) {
        List<RunSnapshot> page = store.list(limit, offset).stream()
                .map(r -> {
                    RunProgress t = live.get(r.id());
                    return t == null ? r : view(t);
                }).toList();
        return new RunPage(page, store.count(), limit, offset);
    }

    /**
     * A waiting run leaves the line and ends CANCELLED now (its orchestrator, seeing the request, publishes its
     * completion CANCELLED and never starts it); a running one stops at its next check. Other runs are not touched.
     */
    @Override
    public RunSnapshot cancel(String id) {
        RunProgress t = live.get(id);
        RunLifecycle state = t != null ? t.state() : get(id).state();
        if (t != null && state == RunLifecycle.EVALUATING // the watcher stops polling at its next look
                && t.transition(RunLifecycle.EVALUATING, RunLifecycle.CANCELLED, "cancelled by request while the eval-service was evaluating")) {
            save(t);
            return t.snapshot();
        }
        state = t != null ? t.state() : state; // the watcher may just have ended it
        if (t == null && !state.terminal() && journal.requestCancel(id)) {
            // another replica executes or watches it: that one cancels it at its next save (a second)
            LOG.infof("%s %s: cancel passed to the replica that owns it", kind.noun(), id);
            return get(id);
        }
        if (t == null || (state != RunLifecycle.QUEUED && state != RunLifecycle.RUNNING)) {
            throw RequestRejectedException.conflict(kind.noun() + " '" + id + "' is " + state
                    + "; only QUEUED, RUNNING or EVALUATING runs can be cancelled");
        }
        t.cancel();
        queue.withdraw(id).ifPresent(work -> {
            work.run();
            LOG.infof("%s %s cancelled while queued", kind.noun(), id);
        });
        return view(t);
    }

    private void save(RunProgress tracker) {
        if (tracker.abandoned()) {
            live.remove(tracker.id()); // another replica owns it now: nothing of this process is written
            return;
        }
        record(tracker);
        store.update(tracker.snapshot());
        if (tracker.state().terminal()) {
            live.remove(tracker.id());
            try {
                journal.release(tracker.id());
            } catch (RuntimeException e) {
                LOG.warnf(e, "%s %s ended; removing its lease failed (nothing resumes an ended run)", kind.noun(), tracker.id());
            }
        }
    }

    /** Records the confirmations not recorded yet; those that fail are kept for the next try. */
    private void record(RunProgress tracker) {
        Map<String, List<String>> batch = new java.util.LinkedHashMap<>();
        for (RetrieverProgress r : tracker.retrievers()) {
            batch.put(r.id(), r.drainUnrecorded());
        }
        try {
            journal.confirm(tracker.id(), batch);
        } catch (RuntimeException e) {
            for (RetrieverProgress r : tracker.retrievers()) {
                r.unrecorded(batch.get(r.id()));
            }
            throw e;
        }
    }

    private void saveLive() {
        try {
            for (RunProgress t : live.values()) {
                if (t.state() == RunLifecycle.RUNNING) {
                    record(t);
                    store.update(t.snapshot());
                }
            }
            for (String id : journal.cancelRequested(live.keySet())) {
                try {
                    cancel(id);
                } catch (RequestRejectedException e) {
                    LOG.debugf("%s %s: a cancel passed from another replica came too late: %s", kind.noun(), id, e.getMessage());
                }
            }
            List<String> lost = journal.renew(live.keySet());
            for (String id : lost) {
                RunProgress t = live.remove(id);
                if (t != null) {
                    t.abandon();
                    LOG.warnf("%s %s: another gateway replica took it over (this one had not renewed its lease in time);"
                            + " this one stops working on it", kind.noun(), id);
                }
            }
        } catch (RuntimeException e) {
            LOG.warnf(e, "saving %s progress failed; the next tick tries again", kind.noun());
        }
    }

    /** Stops the saver (the {@link RunQueue} bean stops its workers). */
    public void close() {
        saver.shutdownNow();
    }
}
