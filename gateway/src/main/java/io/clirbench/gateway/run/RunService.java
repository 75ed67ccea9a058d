package io.clirbench.gateway.run;

import io.clirbench.gateway.dataset.DatasetRegistry;
import io.clirbench.gateway.messaging.RunEventPublisher;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.store.RunSnapshotStore;
import io.clirbench.core.search.RetrieverId;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/** Accepts runs (persisted QUEUED before any work), executes them one at a time, recovers them after a restart. */
@ApplicationScoped
public class RunService {

    static final String RESTARTED = "gateway restarted during the run; submit it again";
    private static final Logger LOG = Logger.getLogger(RunService.class);

    private final RunValidator validator;
    private final DatasetRegistry datasets;
    private final RunSnapshotStore store;
    private final RunOrchestrator orchestrator;
    private final EvalWatcher evalWatcher;
    private final RunEventPublisher publisher;
    private final Map<String, RunProgress> live = new ConcurrentHashMap<>();
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        // a daemon: at shutdown a running run is left RUNNING and becomes INTERRUPTED at the next start
        Thread t = new Thread(r, "run-executor");
        t.setDaemon(true);
        return t;
    });
    private final ScheduledExecutorService saver = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "run-progress-saver");
        t.setDaemon(true);
        return t;
    });

    RunService(RunValidator validator, DatasetRegistry datasets, RunSnapshotStore store, RunOrchestrator orchestrator,
               EvalWatcher evalWatcher, RunEventPublisher publisher) {
        this.validator = validator;
        this.datasets = datasets;
        this.store = store;
        this.orchestrator = orchestrator;
        this.evalWatcher = evalWatcher;
        this.publisher = publisher;
    }

    void onStart(@Observes StartupEvent event) {
        evalWatcher.onChange(this::save);
        saver.scheduleWithFixedDelay(this::saveLive, 1, 1, TimeUnit.SECONDS);
        recover();
    }

    /** After a restart: QUEUED and RUNNING runs are INTERRUPTED (RunCompleted FAILED); EVALUATING ones are watched again. */
    public void recover() {
        for (RunLifecycle state : List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING)) {
            for (RunSnapshot run : store.inState(state)) {
                if (live.containsKey(run.id())) {
                    continue;
                }
                RunProgress tracker = new RunProgress(run);
                String message = RESTARTED;
                try {
                    publisher.completed(RunCompletion.of(tracker, RunCompletion.Outcome.FAILED, RESTARTED));
                } catch (RuntimeException e) {
                    message = RESTARTED + " (RunCompleted could not be published: " + io.clirbench.core.io.FailureMessage.of(e) + ")";
                }
                tracker.state(RunLifecycle.INTERRUPTED, message);
                store.update(tracker.snapshot());
                LOG.infof("run %s was %s when the gateway stopped: INTERRUPTED", run.id(), state);
            }
        }
        for (RunSnapshot run : store.inState(RunLifecycle.EVALUATING)) {
            if (!live.containsKey(run.id())) {
                RunProgress tracker = new RunProgress(run);
                live.put(run.id(), tracker);
                evalWatcher.watch(tracker);
            }
        }
    }

    public RunSnapshot submit(RunRequest request) {
        RunValidator.Valid valid = validator.validate(request);
        var summary = datasets.summary(valid.dataset().id());
        String now = Instant.now().toString();
        List<RunSnapshot.RetrieverSnapshot> retrievers = valid.retrievers().stream()
                .map(id -> new RunSnapshot.RetrieverSnapshot(id.id(), RetrieverPhase.QUEUED, 0, summary.documents(), 0,
                        summary.queries(), 0, 0, 0, PhaseProgress.of(RetrieverPhase.QUEUED, summary.documents(), 0, 0,
                        summary.queries(), 0, 0, 0)))
                .toList();
        RunSnapshot run = new RunSnapshot(UUID.randomUUID().toString(), valid.dataset().id(), valid.dataset().version(),
                RunLifecycle.QUEUED, request.depthOrDefault(), request.seedOrDefault(), request.bootstrapOrDefault(),
                retrievers, new RunSnapshot.EvalServiceStatus("NOT_STARTED", null), null, now, now,
                new RunSnapshot.Timings(null, null, null, null, null, null));
        store.insert(run, new RunRequest(valid.dataset().id(), valid.retrievers().stream().map(RetrieverId::id).toList(),
                run.depth(), run.seed(), run.bootstrap()));
        RunProgress tracker = new RunProgress(run);
        live.put(run.id(), tracker);
        executor.submit(() -> orchestrator.execute(tracker, this::save));
        return run;
    }

    public RunSnapshot get(String id) {
        RunProgress t = live.get(id);
        if (t != null) {
            return t.snapshot();
        }
        return store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no run '" + id + "'"));
    }

    /** One page of runs, newest first (live runs as they are now); {@code total} counts every run. */
    public RunPage list(int limit, int offset) {
        List<RunSnapshot> page = store.list(limit, offset).stream()
                .map(r -> live.containsKey(r.id()) ? live.get(r.id()).snapshot() : r).toList();
        return new RunPage(page, store.count(), limit, offset);
    }

    public RunSnapshot cancel(String id) {
        RunProgress t = live.get(id);
        RunLifecycle state = t != null ? t.state() : get(id).state();
        if (t == null || (state != RunLifecycle.QUEUED && state != RunLifecycle.RUNNING)) {
            throw RequestRejectedException.conflict("run '" + id + "' is " + state + "; only QUEUED or RUNNING runs can be cancelled");
        }
        t.cancel();
        if (state == RunLifecycle.QUEUED) {
            // it will be taken off the queue by the executor, which sees the request first
            LOG.infof("run %s cancelled while queued", id);
        }
        return t.snapshot();
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
            LOG.warn("saving run progress failed", e);
        }
    }

    @PreDestroy
    void close() {
        saver.shutdownNow();
        executor.shutdown();
    }
}
