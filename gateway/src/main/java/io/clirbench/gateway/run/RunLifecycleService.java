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
 * run shows its place in line), followed live (RUNNING runs saved every second), cancelled on request (a waiting run
 * leaves the line at once); after a restart QUEUED and RUNNING runs become INTERRUPTED (their completion event FAILED)
 * and EVALUATING ones are watched again. Not a bean: each kind's service builds one over its store and orchestrator and
 * delegates to it.
 *
 * @param <Q> the kind's request, as stored beside the run and handed to its orchestrator
 */
public final class RunLifecycleService<Q> implements RunDirectory {

    private static final Logger LOG = Logger.getLogger(RunLifecycleService.class);

    /** What executes one kind of run. */
    public interface Orchestration<Q> {

        /** Runs to EVALUATING (then the {@link EvalWatcher} takes over) or to FAILED/CANCELLED; {@code save} persists. */
        void execute(RunProgress run, Q request, Consumer<RunProgress> save);

        /** Ends a run a restart left unfinished: publishes its completion FAILED and puts it INTERRUPTED with {@code message}. */
        void interrupt(RunProgress run, String message, Consumer<RunProgress> save);
    }

    /**
     * What tells the kinds apart.
     *
     * @param noun           how messages name a run ({@code run}, {@code QA run})
     * @param threadPrefix   names of its threads ({@code run}, {@code qa-run}: the progress saver)
     * @param evalCollection the eval-service's collection of such runs ({@code /api/runs/})
     * @param restarted      the message of a run a restart interrupted
     */
    public record Kind(String noun, String threadPrefix, String evalCollection, String restarted) {
    }

    private final Kind kind;
    private final RunSnapshotStore store;
    private final Orchestration<Q> orchestration;
    private final EvalWatcher evalWatcher;
    private final RunQueue queue;
    private final Map<String, RunProgress> live = new ConcurrentHashMap<>();
    private final ScheduledExecutorService saver;

    public RunLifecycleService(Kind kind, RunSnapshotStore store, Orchestration<Q> orchestration, EvalWatcher evalWatcher,
                               RunQueue queue) {
        this.kind = kind;
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

    /** At startup: saves live progress every second from now on, and recovers what the last process left. */
    public void start() {
        // reading the maximum creates the queue now: a bad gateway.runs.max-concurrent stops the start
        LOG.infof("%ss: at most %d runs execute at once (gateway.runs.max-concurrent)", kind.noun(), queue.maxConcurrent());
        saver.scheduleWithFixedDelay(this::saveLive, 1, 1, TimeUnit.SECONDS);
        recover();
    }

    /** After a restart: QUEUED and RUNNING runs are INTERRUPTED (completion FAILED); EVALUATING ones are watched again. */
    public void recover() {
        for (RunLifecycle state : List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING)) {
            for (RunSnapshot run : store.inState(state)) {
                if (!live.containsKey(run.id())) {
                    orchestration.interrupt(new RunProgress(run), kind.restarted(), p -> store.update(p.snapshot()));
                    LOG.infof("%s %s was %s when the gateway stopped: INTERRUPTED", kind.noun(), run.id(), state);
                }
            }
        }
        for (RunSnapshot run : store.inState(RunLifecycle.EVALUATING)) {
            if (!live.containsKey(run.id())) {
                RunProgress tracker = new RunProgress(run);
                live.put(run.id(), tracker);
                evalWatcher.watch(tracker, kind.evalCollection(), this::save);
            }
        }
    }

    /**
     * Persists {@code run} (QUEUED) with {@code request}, then queues it for its orchestrator ({@code claims}: see
     * {@link RunQueue#submit}); returns it QUEUED, with its place when it waits.
     */
    public RunSnapshot accept(RunSnapshot run, Q request, java.util.Set<String> claims) {
        store.insert(run, request);
        RunProgress tracker = new RunProgress(run);
        live.put(run.id(), tracker);
        return queue.submit(run.id(), claims, () -> orchestration.execute(tracker, request, this::save)).map(run::waiting)
                .orElse(run);
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
        store.update(tracker.snapshot());
        if (tracker.state().terminal()) {
            live.remove(tracker.id());
        }
    }

    private void saveLive() {
        try {
            for (RunProgress t : live.values()) {
                if (t.state() == RunLifecycle.RUNNING) {
                    store.update(t.snapshot());
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
