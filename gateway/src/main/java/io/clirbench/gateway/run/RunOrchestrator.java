package io.clirbench.gateway.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.EncoderWaits;
import io.clirbench.gateway.dataset.DatasetRegistry;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.retriever.RetrieverRegistry;
import io.clirbench.proto.Topics;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Runs one benchmark run (ARCHITECTURE.md "Data flow of one run"): RunStarted, every retriever through
 * the {@link RetrieverRegistry} (whatever its kind), confirmed query results, RunCompleted, then hands the
 * run to the {@link EvalWatcher}.
 */
@ApplicationScoped
public class RunOrchestrator implements RunLifecycleService.Orchestration<RunRequest> {

    /** The eval-service's collection of retrieval runs. */
    public static final String EVAL_COLLECTION = "/api/runs/";
    private static final Logger LOG = Logger.getLogger(RunOrchestrator.class);

    private final DatasetRegistry datasets;
    private final RunEventPublisher publisher;
    private final RetrieverRegistry retrievers;
    private final EvalWatcher evalWatcher;
    private final RunJournal journal;
    private final io.clirbench.gateway.client.IndexClient index;

    RunOrchestrator(DatasetRegistry datasets, RunEventPublisher publisher, RetrieverRegistry retrievers, EvalWatcher evalWatcher,
                    RunJournal journal, io.clirbench.gateway.client.IndexClient index) {
        this.journal = journal;
        this.index = index;
        this.datasets = datasets;
        this.publisher = publisher;
        this.retrievers = retrievers;
        this.evalWatcher = evalWatcher;
    }

    /** The request is the stored one; the run's snapshot already holds all of it. */
    @Override
    public void execute(RunProgress run, RunRequest request, Consumer<RunProgress> save) {
        execute(run, save);
    }

    @Override
    public void interrupt(RunProgress run, String message, Consumer<RunProgress> save) {
        end(run, RunLifecycle.INTERRUPTED, message, RunCompletion.Outcome.FAILED, save);
    }

    /** Runs to EVALUATING (then the watcher takes over) or to FAILED/CANCELLED; {@code save} persists progress. */
    public void execute(RunProgress run, Consumer<RunProgress> save) {
        run.started();
        // the run's work in its own context: a cancel ends its gRPC calls and waits, never by a thread interrupt
        io.grpc.Context previous = run.context().attach();
        RunSnapshot initial = run.initial();
        String step = "start";
        try {
            if (run.cancelRequested()) {
                throw new InterruptedException("cancelled before it started");
            }
            boolean resumed = run.resumedAt() != null;
            run.state(RunLifecycle.RUNNING, resumed ? RunProgress.resumedMessage(run.resumedAt()) : null);
            save.accept(run);
            step = "read dataset '" + initial.dataset() + "'";
            DatasetRegistry.Pinned pinned = datasets.pinned(initial.dataset()); // files hashed again: changed = refused
            Dataset dataset = pinned.dataset();
            step = "publish RunStarted to " + Topics.RUNS;
            // the ids as accepted; a run resumed from the store reads its canonical ids back with this gateway's grammar
            List<RetrieverId> ids = run.retrievers().stream().map(p -> p.parsedId(RetrieverId.class, retrievers::parse,
                    RetrieverId::typed)).toList();
            java.util.Map<String, List<io.clirbench.core.lexicon.Route>> routes = new java.util.LinkedHashMap<>();
            ids.forEach(id -> routes.put(id.id(), retrievers.of(id).routes(id, dataset)));
            // stamped once: a resumed run sends the same RunStarted again, which the eval-service keeps as one
            publisher.started(initial, dataset.queries().size(), pinned.location(), pinned.hash(), ids, routes,
                    journal.eventTime(initial.id(), RunJournal.Event.STARTED));
            RunResults results = new RunResults(run, publisher);
            java.util.Map<String, String> failed = new java.util.LinkedHashMap<>();
            EncoderWaitNotice encoderWaits = new EncoderWaitNotice(run, save); // one per run: a model is waited out once
            for (int i = 0; i < ids.size(); i++) {
                RetrieverId id = ids.get(i);
                RetrieverProgress progress = run.retrievers().get(i);
                step = "retriever '" + id + "'";
                if (progress.allConfirmed()) { // resumed: every result of this retriever was confirmed before the stop
                    progress.phase(RetrieverPhase.SEARCHED);
                    continue;
                }
                progress.phase(RetrieverPhase.RUNNING);
                try {
                    EncoderWaits.reporting(encoderWaits, () -> {
                        retrievers.of(id).retrieve(id, new RunRetrievalTask(run, progress, dataset, results));
                        return null;
                    });
                    progress.phase(RetrieverPhase.SEARCHED);
                    measureSizes(initial.id(), progress);
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    if (run.cancelRequested() || run.abandoned()) {
                        throw new InterruptedException("cancelled");
                    }
                    // one retriever's failure does not discard the others' results (README "Faults")
                    LOG.errorf(e, "run %s: %s failed; going on with the others", initial.id(), step);
                    failed.put(id.id(), describe(e));
                    progress.phase(RetrieverPhase.FAILED);
                    run.state(RunLifecycle.RUNNING, partialMessage(failed));
                }
                save.accept(run);
            }
            if (failed.size() == ids.size()) {
                String only = failed.keySet().iterator().next();
                throw new RetrieversFailed("retriever '" + only + "' failed: " + failed.get(only)
                        + (failed.size() > 1 ? " (and every other retriever: " + partialMessage(failed) + ")" : ""));
            }
            step = "confirm query results on " + Topics.QUERY_RESULTS;
            results.awaitPublished();
            run.retrievers().stream().filter(p -> p.phase() != RetrieverPhase.FAILED).forEach(p -> p.phase(RetrieverPhase.PUBLISHED));
            step = "publish RunCompleted to " + Topics.RUNS;
            if (run.cancelRequested()) {
                throw new InterruptedException("cancelled");
            }
            save.accept(run); // records the last confirmations: the counts below are those a resumed run would send
            if (resumed) {
                logWorkRedone(run);
            }
            publisher.completed(RunCompletion.of(run, RunCompletion.Outcome.SUCCEEDED, "", failed),
                    journal.eventTime(initial.id(), RunJournal.Event.COMPLETED));
            evalWatcher.evaluate(run, EVAL_COLLECTION, save);
            // a cancel that came while RunCompleted was being published: the run is evaluating, the cancel still stands
            if (run.cancelRequested() && run.transition(RunLifecycle.EVALUATING, RunLifecycle.CANCELLED,
                    "cancelled by request while the eval-service was evaluating")) {
                save.accept(run);
            }
        } catch (InterruptedException e) {
            end(run, RunLifecycle.CANCELLED, "cancelled by request during " + step, RunCompletion.Outcome.CANCELLED, save);
        } catch (Exception e) {
            if (run.cancelRequested()) {
                end(run, RunLifecycle.CANCELLED, "cancelled by request during " + step, RunCompletion.Outcome.CANCELLED, save);
            } else if (e instanceof RetrieversFailed all) {
                end(run, RunLifecycle.FAILED, all.getMessage(), RunCompletion.Outcome.FAILED, save);
            } else {
                LOG.errorf(e, "run %s failed: %s", initial.id(), step);
                end(run, RunLifecycle.FAILED, step + " failed: " + describe(e), RunCompletion.Outcome.FAILED, save);
            }
        } finally {
            run.context().detach(previous);
        }
    }

    private void end(RunProgress run, RunLifecycle state, String message, RunCompletion.Outcome outcome,
                     Consumer<RunProgress> save) {
        if (run.abandoned()) {
            return; // another replica owns the run now and carries it on
        }
        String note = message;
        try {
            publisher.completed(RunCompletion.of(run, outcome, message));
        } catch (RuntimeException e) {
            note = message + " (RunCompleted could not be published: " + describe(e) + ")";
        }
        if (run.startedNanos() != 0) {
            run.total((System.nanoTime() - run.startedNanos()) / 1_000_000);
        }
        run.state(state, note);
        save.accept(run);
    }

    /**
     * The summed sizes of the collections the retriever searched, as the index-service describes them now (README
     * "Efficiency"). A size is a report's detail: a collection that cannot be described leaves it unknown, never fails
     * the run.
     */
    private void measureSizes(String runId, RetrieverProgress progress) {
        long disk = 0;
        long memory = 0;
        boolean known = true;
        for (String collection : progress.meter().collections()) {
            try {
                var state = index.describe(collection);
                known &= state.isPresent() && state.get().diskBytes() > 0;
                disk += state.map(io.clirbench.gateway.client.CollectionState::diskBytes).orElse(0L);
                memory += state.map(io.clirbench.gateway.client.CollectionState::memoryBytes).orElse(0L);
            } catch (RuntimeException e) {
                LOG.warnf("run %s: the size of collection '%s' is unknown: %s", runId, collection, describe(e));
                known = false;
            }
        }
        // a sum with an unknown part is not the retriever's size: unknown as a whole
        progress.meter().sizes(known ? disk : 0, known ? memory : 0);
    }

    /** What a resumed run did again (the note of issue 29 reads it from the log): counted by this process per retriever. */
    private static void logWorkRedone(RunProgress run) {
        StringBuilder b = new StringBuilder();
        for (RetrieverProgress r : run.retrievers()) {
            int[] c = r.countedSinceResume();
            b.append(b.isEmpty() ? "" : "; ").append(r.id()).append(": documents embedded ").append(c[0]).append(", indexed ")
                    .append(c[1]).append(", queries embedded ").append(c[2]).append(", searched ").append(c[3])
                    .append(", results sent ").append(r.sentCount());
        }
        LOG.infof("resume-work run %s after its resume at %s: %s", run.id(), run.resumedAt(), b);
    }

    /**
     * The run's message while and after some retrievers failed: {@code partial: retriever 'X' failed: WHY; ...}. The
     * run still COMPLETES with the others (README "Faults"); {@link EvalWatcher} keeps the message.
     */
    static String partialMessage(java.util.Map<String, String> failed) {
        StringBuilder b = new StringBuilder("partial: ");
        failed.forEach((id, why) -> b.append(b.length() > 9 ? "; " : "").append("retriever '").append(id).append("' failed: ").append(why));
        return b.toString();
    }

    /** Every retriever of the run failed: nothing to evaluate. */
    private static final class RetrieversFailed extends RuntimeException {
        RetrieversFailed(String message) {
            super(message);
        }
    }

    /** The one-line cause stored in the run (the trace is in the log). */
    static String describe(Throwable e) {
        return io.clirbench.core.io.FailureMessage.of(e);
    }
}
