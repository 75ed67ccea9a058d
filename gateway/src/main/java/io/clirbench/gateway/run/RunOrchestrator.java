package io.clirbench.gateway.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.dataset.DatasetRegistry;
import io.clirbench.gateway.messaging.RunEventPublisher;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Runs one benchmark run (ARCHITECTURE.md "Data flow of one run"): RunStarted, every retriever,
 * confirmed query results, RunCompleted, then hands the run to the {@link EvalWatcher}.
 */
@ApplicationScoped
public class RunOrchestrator {

    private static final Logger LOG = Logger.getLogger(RunOrchestrator.class);

    private final DatasetRegistry datasets;
    private final RunEventPublisher publisher;
    private final DenseRetrieval dense;
    private final Bm25Retrieval bm25;
    private final EvalWatcher evalWatcher;
    private final EvalClient evalClient;

    RunOrchestrator(DatasetRegistry datasets, RunEventPublisher publisher, DenseRetrieval dense, Bm25Retrieval bm25,
                    EvalWatcher evalWatcher, EvalClient evalClient) {
        this.datasets = datasets;
        this.publisher = publisher;
        this.dense = dense;
        this.bm25 = bm25;
        this.evalWatcher = evalWatcher;
        this.evalClient = evalClient;
    }

    /** Runs to EVALUATING (then the watcher takes over) or to FAILED/CANCELLED; {@code save} persists progress. */
    public void execute(RunTracker tracker, Consumer<RunTracker> save) {
        tracker.started(Thread.currentThread());
        RunView run = tracker.initial();
        String step = "start";
        try {
            if (tracker.cancelRequested()) {
                throw new InterruptedException("cancelled before it started");
            }
            tracker.state(RunState.RUNNING, null);
            save.accept(tracker);
            step = "read dataset '" + run.dataset() + "'";
            Dataset dataset = datasets.dataset(run.dataset());
            String location = datasets.find(run.dataset()).orElseThrow().location();
            step = "publish RunStarted to " + RunEventPublisher.RUNS_TOPIC;
            publisher.started(started(run, dataset, location));
            RunContext ctx = new RunContext(tracker, dataset, run.depth(), publisher);
            for (RunTracker.Progress progress : tracker.retrievers()) {
                RetrieverSpec spec = RetrieverSpec.parse(progress.id);
                step = "retriever '" + spec.id() + "'";
                progress.state("RUNNING");
                if (spec.dense()) {
                    dense.run(ctx, spec, progress);
                } else {
                    bm25.run(ctx, spec, progress);
                }
                progress.state("SEARCHED");
                save.accept(tracker);
            }
            step = "confirm query results on " + RunEventPublisher.RESULTS_TOPIC;
            ctx.awaitPublished();
            tracker.retrievers().forEach(p -> p.state("PUBLISHED"));
            step = "publish RunCompleted to " + RunEventPublisher.RUNS_TOPIC;
            publisher.completed(completed(tracker, RunCompleted.Outcome.SUCCEEDED, ""));
            tracker.evaluation("WAITING", evalClient.base() + "/api/runs/" + EvalClient.encode(run.id()) + "/report");
            tracker.state(RunState.EVALUATING, null);
            save.accept(tracker);
            evalWatcher.watch(tracker);
        } catch (InterruptedException e) {
            end(tracker, RunState.CANCELLED, "cancelled by request during " + step, RunCompleted.Outcome.CANCELLED, save);
        } catch (Exception e) {
            if (tracker.cancelRequested()) {
                end(tracker, RunState.CANCELLED, "cancelled by request during " + step, RunCompleted.Outcome.CANCELLED, save);
            } else {
                LOG.errorf(e, "run %s failed: %s", run.id(), step);
                end(tracker, RunState.FAILED, step + " failed: " + describe(e), RunCompleted.Outcome.FAILED, save);
            }
        } finally {
            Thread.interrupted();
            tracker.finished();
        }
    }

    private void end(RunTracker tracker, RunState state, String message, RunCompleted.Outcome outcome,
                     Consumer<RunTracker> save) {
        Thread.interrupted();
        String note = message;
        try {
            publisher.completed(completed(tracker, outcome, message));
        } catch (RuntimeException e) {
            note = message + " (RunCompleted could not be published: " + e.getMessage() + ")";
        }
        tracker.total((System.nanoTime() - tracker.startedNanos()) / 1_000_000);
        tracker.state(state, note);
        save.accept(tracker);
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    private static RunStarted started(RunView run, Dataset dataset, String location) {
        RunStarted.Builder b = RunStarted.newBuilder().setRunId(run.id()).setDatasetId(run.dataset())
                .setDatasetVersion(run.datasetVersion()).setDepth(run.depth()).setSeed(run.seed())
                .setBootstrap(run.bootstrap()).setExpectedQueries(dataset.queries().size())
                .setStartedAtEpochMs(System.currentTimeMillis()).setDatasetLocation(location);
        for (RunView.RetrieverView r : run.retrievers()) {
            RetrieverSpec s = RetrieverSpec.parse(r.id());
            b.addRetrievers(Retriever.newBuilder().setId(s.id()).setKind(s.kind()).setModelId(s.modelId())
                    .setIndexKind(s.indexKind()));
        }
        return b.build();
    }

    static RunCompleted completed(RunTracker tracker, RunCompleted.Outcome outcome, String message) {
        RunCompleted.Builder b = RunCompleted.newBuilder().setRunId(tracker.id()).setOutcome(outcome)
                .setMessage(message == null ? "" : message).setCompletedAtEpochMs(System.currentTimeMillis());
        for (RunTracker.Progress p : tracker.retrievers()) {
            b.putPublishedQueries(p.id, p.published());
        }
        return b.build();
    }

    static List<String> ids(RunView run) {
        return run.retrievers().stream().map(RunView.RetrieverView::id).toList();
    }
}
