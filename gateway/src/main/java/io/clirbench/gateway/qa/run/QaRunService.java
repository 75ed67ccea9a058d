package io.clirbench.gateway.qa.run;

import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.qa.store.QaRunStore;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.run.EvalWatcher;
import io.clirbench.gateway.run.PhaseProgress;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunPage;
import io.clirbench.gateway.run.RunProgress;
import io.clirbench.gateway.run.RunSnapshot;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Accepts QA runs (validated whole, persisted QUEUED before any work), executes them one at a time, recovers them
 * after a restart exactly as retrieval runs are (QUEUED and RUNNING become INTERRUPTED, EVALUATING ones are watched
 * again). A QA run is a {@link RunSnapshot}: its {@code retrievers} are its systems, {@code documents} the texts a
 * system embeds (sentences and questions; 0 for systems without a model), {@code queries} the instances.
 */
@ApplicationScoped
public class QaRunService {

    static final String RESTARTED = "gateway restarted during the QA run; submit it again";

    private final QaRunValidator validator;
    private final QaRunStore store;
    private final QaRunOrchestrator orchestrator;
    private final EvalWatcher evalWatcher;
    private final Map<String, RunProgress> live = new ConcurrentHashMap<>();
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "qa-run-executor");
        t.setDaemon(true);
        return t;
    });
    private final ScheduledExecutorService saver = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "qa-run-progress-saver");
        t.setDaemon(true);
        return t;
    });

    QaRunService(QaRunValidator validator, QaRunStore store, QaRunOrchestrator orchestrator, EvalWatcher evalWatcher) {
        this.validator = validator;
        this.store = store;
        this.orchestrator = orchestrator;
        this.evalWatcher = evalWatcher;
    }

    void onStart(@Observes StartupEvent event) {
        saver.scheduleWithFixedDelay(this::saveLive, 1, 1, TimeUnit.SECONDS);
        recover();
    }

    /** After a restart: QUEUED and RUNNING runs are INTERRUPTED (QaRunCompleted FAILED); EVALUATING ones are watched again. */
    public void recover() {
        for (RunLifecycle state : List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING)) {
            for (RunSnapshot run : store.inState(state)) {
                if (!live.containsKey(run.id())) {
                    orchestrator.end(new RunProgress(run), RunLifecycle.INTERRUPTED, RESTARTED, QaRunCompleted.Outcome.FAILED,
                            p -> store.update(p.snapshot()));
                }
            }
        }
        for (RunSnapshot run : store.inState(RunLifecycle.EVALUATING)) {
            if (!live.containsKey(run.id())) {
                RunProgress tracker = new RunProgress(run);
                live.put(run.id(), tracker);
                evalWatcher.watch(tracker, QaRunOrchestrator.EVAL_COLLECTION, this::save);
            }
        }
    }

    public RunSnapshot submit(QaRunRequest request) {
        QaRunValidator.Valid valid = validator.validate(request);
        List<QaInstance> instances = QaDatasetReader.readAll(Path.of(valid.dataset().location()));
        int texts = instances.stream().mapToInt(i -> 1 + i.candidates().stream().mapToInt(c -> c.sentences().size()).sum()).sum();
        String now = Instant.now().toString();
        List<RunSnapshot.RetrieverSnapshot> systems = valid.systems().stream().map(id -> {
            int documents = id.kind().equals(QaSystemId.ENCODER) ? texts : 0;
            return new RunSnapshot.RetrieverSnapshot(id.id(), RetrieverPhase.QUEUED, 0, documents, 0, instances.size(), 0, 0, 0,
                    PhaseProgress.of(RetrieverPhase.QUEUED, documents, 0, 0, instances.size(), 0, 0, 0));
        }).toList();
        RunSnapshot run = new RunSnapshot(UUID.randomUUID().toString(), valid.dataset().id(), valid.dataset().version(),
                RunLifecycle.QUEUED, 0, request.seedOrDefault(), request.bootstrapOrDefault(), systems,
                new RunSnapshot.EvalServiceStatus("NOT_STARTED", null), null, now, now,
                new RunSnapshot.Timings(null, null, null, null, null, null));
        store.insert(run, request);
        RunProgress tracker = new RunProgress(run);
        live.put(run.id(), tracker);
        executor.submit(() -> orchestrator.execute(tracker, request, this::save));
        return run;
    }

    public RunSnapshot get(String id) {
        RunProgress t = live.get(id);
        if (t != null) {
            return t.snapshot();
        }
        return store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no QA run '" + id + "'"));
    }

    public RunPage list(int limit, int offset) {
        List<RunSnapshot> page = store.list(limit, offset).stream()
                .map(r -> live.containsKey(r.id()) ? live.get(r.id()).snapshot() : r).toList();
        return new RunPage(page, store.count(), limit, offset);
    }

    public RunSnapshot cancel(String id) {
        RunProgress t = live.get(id);
        RunLifecycle state = t != null ? t.state() : get(id).state();
        if (t == null || (state != RunLifecycle.QUEUED && state != RunLifecycle.RUNNING)) {
            throw RequestRejectedException.conflict("QA run '" + id + "' is " + state + "; only QUEUED or RUNNING runs can be cancelled");
        }
        t.cancel();
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
            // the next tick tries again; the run's own saves are unaffected
        }
    }

    @PreDestroy
    void close() {
        saver.shutdownNow();
        executor.shutdown();
    }
}
