package io.clirbench.gateway.qa;

import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.gateway.run.EvalWatcher;
import io.clirbench.gateway.run.RunIntake;
import io.clirbench.gateway.run.RunLifecycleService;
import io.clirbench.gateway.run.RunQueue;
import io.clirbench.gateway.run.RunSnapshot;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Accepts QA runs (validated whole, persisted QUEUED before any work); the {@link RunLifecycleService} retrieval runs
 * use does the rest (in the one {@link RunQueue} with retrieval runs, cancel, restart: QUEUED and RUNNING runs are
 * resumed, a system whose every prediction was confirmed is skipped, confirmed predictions are not sent again; EVALUATING
 * ones are watched again). A QA run is a {@link RunSnapshot}: its {@code retrievers} are its systems, {@code documents} the texts a
 * system embeds (sentences and questions; 0 for systems without a model), {@code queries} the instances.
 */
@ApplicationScoped
public class QaRunService extends RunIntake<QaRunRequest> {

    static final RunLifecycleService.Kind KIND = new RunLifecycleService.Kind("QA run", "qa-run", QaRunOrchestrator.EVAL_COLLECTION,
            QaRunRequest.class, run -> java.util.Set.of()); // QA systems fill no index collection

    private final QaRunValidator validator;
    private final QaDatasetStore datasets;

    QaRunService(QaRunValidator validator, QaDatasetStore datasets, QaRunStore store, QaRunOrchestrator orchestrator,
                 EvalWatcher evalWatcher, RunQueue queue, io.clirbench.gateway.run.RunJournal journal) {
        super(new RunLifecycleService<>(KIND, store, orchestrator, evalWatcher, queue, journal));
        this.validator = validator;
        this.datasets = datasets;
    }

    public RunSnapshot submit(QaRunRequest request) {
        QaRunValidator.Valid valid = validator.validate(request);
        List<QaInstance> instances = datasets.instances(valid.dataset());
        int texts = instances.stream().mapToInt(i -> 1 + i.candidates().stream().mapToInt(c -> c.sentences().size()).sum()).sum();
        List<RunSnapshot.RetrieverSnapshot> systems = valid.systems().stream().map(id -> RunSnapshot.RetrieverSnapshot.queued(id,
                id.embedsCorpus() ? texts : 0, instances.size())).toList();
        RunSnapshot run = RunSnapshot.queued(valid.dataset().id(), valid.dataset().version(), 0, request.seedOrDefault(),
                request.bootstrapOrDefault(), systems);
        return lifecycle.accept(run, request, java.util.Set.of()); // QA systems fill no index collection
    }
}
