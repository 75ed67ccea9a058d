package io.clirbench.gateway.run;

import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.dataset.DatasetRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Accepts retrieval runs (validated, persisted QUEUED before any work); the shared {@link RunLifecycleService} does the rest. */
@ApplicationScoped
public class RunService extends RunIntake<RunRequest> {

    static final RunLifecycleService.Kind KIND = new RunLifecycleService.Kind("run", "run", RunOrchestrator.EVAL_COLLECTION,
            RunRequest.class, run -> claims(run.dataset()));

    private final RunValidator validator;
    private final DatasetRegistry datasets;
    private final RunReevaluation reevaluation;
    private final RunPreflight preflight;

    RunService(RunValidator validator, DatasetRegistry datasets, RunSnapshotStore store, RunOrchestrator orchestrator,
               EvalWatcher evalWatcher, RunQueue queue, RunJournal journal, RunReevaluation reevaluation,
               RunPreflight preflight) {
        super(new RunLifecycleService<>(KIND, store, orchestrator, evalWatcher, queue, journal));
        this.validator = validator;
        this.datasets = datasets;
        this.reevaluation = reevaluation;
        this.preflight = preflight;
    }

    public RunSnapshot submit(RunRequest request) {
        RunValidator.Valid valid = validator.validate(request);
        var pinned = datasets.pinned(valid.dataset().id()); // 409 when its files changed or are gone
        var summary = pinned.summary();
        // 400 naming the limit when a service could not hold the run; warnings go with the accepted run
        List<String> warnings = preflight.check(pinned.dataset(), valid.retrievers(), request.depthOrDefault(),
                request.bootstrapOrDefault());
        List<RunSnapshot.RetrieverSnapshot> retrievers = valid.retrievers().stream()
                .map(id -> RunSnapshot.RetrieverSnapshot.queued(id, summary.documents(), summary.queries())).toList();
        RunSnapshot run = RunSnapshot.queued(valid.dataset().id(), valid.dataset().version(), request.depthOrDefault(),
                request.seedOrDefault(), request.bootstrapOrDefault(), retrievers).warned(warnings);
        // its index collections are named by dataset: one run of a dataset at a time fills and searches them
        return lifecycle.accept(run, new RunRequest(valid.dataset().id(), valid.retrievers().stream().map(RetrieverId::id).toList(),
                run.depth(), run.seed(), run.bootstrap()), claims(valid.dataset().id()));
    }

    /**
     * Evaluates a COMPLETED or FAILED run again from the results the eval-service kept ({@link RunReevaluation}); the
     * run is EVALUATING, watched, when this returns.
     */
    public RunSnapshot reevaluate(String id) {
        return lifecycle.evaluateAgain(id, reevaluation::start);
    }

    /** A retrieval run of {@code dataset} holds it alone: its index collections are named by dataset. */
    private static java.util.Set<String> claims(String dataset) {
        return java.util.Set.of("dataset " + dataset);
    }
}
