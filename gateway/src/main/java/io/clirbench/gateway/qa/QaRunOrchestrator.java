package io.clirbench.gateway.qa;

import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.gateway.client.EncoderWaits;
import io.clirbench.gateway.qa.reader.QaReader;
import io.clirbench.gateway.qa.reader.ReaderCatalog;
import io.clirbench.gateway.qa.system.QaSystemRegistry;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.run.EncoderWaitNotice;
import io.clirbench.gateway.run.EvalWatcher;
import io.clirbench.gateway.run.RetrieverProgress;
import io.clirbench.gateway.run.RunJournal;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunLifecycleService;
import io.clirbench.gateway.run.RunProgress;
import io.clirbench.proto.Topics;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Runs one QA run: QaRunStarted, every system through the {@link QaSystemRegistry} (whatever its kind), the
 * broker's confirmation of every prediction, QaRunCompleted with the counts, then hands the run to the
 * {@link EvalWatcher} (eval-service path {@code /api/qa-runs/}).
 */
@ApplicationScoped
public class QaRunOrchestrator implements RunLifecycleService.Orchestration<QaRunRequest> {

    /** The eval-service's collection of QA runs. */
    public static final String EVAL_COLLECTION = "/api/qa-runs/";
    private static final Logger LOG = Logger.getLogger(QaRunOrchestrator.class);

    private final QaDatasetStore datasets;
    private final QaEventPublisher publisher;
    private final QaSystemRegistry systems;
    private final EvalWatcher evalWatcher;
    private final ReaderCatalog readers;
    private final RunJournal journal;

    QaRunOrchestrator(QaDatasetStore datasets, QaEventPublisher publisher, QaSystemRegistry systems, EvalWatcher evalWatcher,
                      ReaderCatalog readers, RunJournal journal) {
        this.journal = journal;
        this.datasets = datasets;
        this.publisher = publisher;
        this.systems = systems;
        this.evalWatcher = evalWatcher;
        this.readers = readers;
    }

    /** Runs to EVALUATING (then the watcher takes over) or to FAILED/CANCELLED. */
    @Override
    public void execute(RunProgress run, QaRunRequest request, Consumer<RunProgress> save) {
        run.started();
        // the run's work in its own context: a cancel ends its gRPC calls and waits, never by a thread interrupt
        io.grpc.Context previous = run.context().attach();
        String step = "start";
        try (ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            if (run.cancelRequested()) {
                throw new InterruptedException("cancelled before it started");
            }
            run.state(RunLifecycle.RUNNING, run.resumedAt() == null ? null : RunProgress.resumedMessage(run.resumedAt()));
            save.accept(run);
            step = "read QA dataset '" + run.initial().dataset() + "'";
            QaDatasetRecord record = datasets.find(run.initial().dataset()).orElseThrow();
            List<QaInstance> instances = datasets.instances(record);
            step = "publish QaRunStarted to " + Topics.QA_PREDICTIONS;
            List<String> ids = run.retrievers().stream().map(RetrieverProgress::id).toList();
            publisher.started(QaEventMapper.started(run.id(), record.id(), record.version(), record.location(), ids, instances.size(),
                    request.protocolOrDefault(), run.initial().seed(), run.initial().bootstrap(),
                    journal.eventTime(run.id(), RunJournal.Event.STARTED))); // stamped once: a resumed run sends it unchanged
            QaReader reader = reader(request).orElse(null);
            var options = optionsOf(request);
            EncoderWaitNotice encoderWaits = new EncoderWaitNotice(run, save); // one per run: a model is waited out once
            for (RetrieverProgress progress : run.retrievers()) {
                // the id as accepted; a run resumed from the store reads its canonical id back with this gateway's grammar
                QaSystemId id = progress.parsedId(QaSystemId.class, systems::parse, QaSystemId::typed);
                step = "system '" + id + "'";
                if (progress.allConfirmed()) { // resumed: every prediction of this system was confirmed before the stop
                    progress.phase(RetrieverPhase.PUBLISHED);
                    continue;
                }
                progress.phase(RetrieverPhase.RUNNING);
                QaRunTask task = new QaRunTask(run, progress, instances, options, publisher, reader,
                        "gold".equals(request.evidenceOrDefault()), readers);
                EncoderWaits.reporting(encoderWaits, () -> {
                    systems.of(id).predict(id, task);
                    return null;
                });
                progress.phase(RetrieverPhase.SEARCHED);
                step = "confirm predictions of '" + id + "' on " + Topics.QA_PREDICTIONS;
                task.awaitPublished();
                progress.phase(RetrieverPhase.PUBLISHED);
                save.accept(run);
            }
            step = "publish QaRunCompleted to " + Topics.QA_PREDICTIONS;
            save.accept(run); // records the last confirmations: the counts below are those a resumed run would send
            publisher.completed(QaEventMapper.completed(run.id(), QaRunCompleted.Outcome.SUCCEEDED, "", counts(run),
                    journal.eventTime(run.id(), RunJournal.Event.COMPLETED)));
            evalWatcher.evaluate(run, EVAL_COLLECTION, save);
        } catch (InterruptedException e) {
            end(run, RunLifecycle.CANCELLED, "cancelled by request during " + step, QaRunCompleted.Outcome.CANCELLED, save);
        } catch (Exception e) {
            if (run.cancelRequested()) {
                end(run, RunLifecycle.CANCELLED, "cancelled by request during " + step, QaRunCompleted.Outcome.CANCELLED, save);
            } else {
                LOG.errorf(e, "QA run %s failed: %s", run.id(), step);
                String m = io.clirbench.core.io.FailureMessage.of(e);
                end(run, RunLifecycle.FAILED, step + " failed: " + m, QaRunCompleted.Outcome.FAILED, save);
            }
        } finally {
            run.context().detach(previous);
        }
    }

    @Override
    public void interrupt(RunProgress run, String message, Consumer<RunProgress> save) {
        end(run, RunLifecycle.INTERRUPTED, message, QaRunCompleted.Outcome.FAILED, save);
    }

    /** Announces the end of a run that will not finish (failed, cancelled, or interrupted by a restart). */
    void end(RunProgress run, RunLifecycle state, String message, QaRunCompleted.Outcome outcome, Consumer<RunProgress> save) {
        if (run.abandoned()) {
            return; // another replica owns the run now and carries it on
        }
        String note = message;
        try {
            publisher.completed(QaEventMapper.completed(run.id(), outcome, message, counts(run), System.currentTimeMillis()));
        } catch (RuntimeException e) {
            note = message + " (QaRunCompleted could not be published: " + io.clirbench.core.io.FailureMessage.of(e) + ")";
        }
        if (run.startedNanos() != 0) {
            run.total((System.nanoTime() - run.startedNanos()) / 1_000_000);
        }
        run.state(state, note);
        save.accept(run);
    }

    private static Map<String, Integer> counts(RunProgress run) {
        Map<String, Integer> out = new LinkedHashMap<>();
        run.retrievers().forEach(p -> out.put(p.id(), p.published()));
        return out;
    }

    static io.clirbench.core.qa.select.SelectorOptions optionsOf(QaRunRequest r) {
        var d = io.clirbench.core.qa.select.SelectorOptions.DEFAULTS;
        return new io.clirbench.core.qa.select.SelectorOptions(r.paragraphs() == null ? d.paragraphs() : r.paragraphs(),
                r.sentences() == null ? d.sentences() : r.sentences(), r.threshold() == null ? d.threshold() : r.threshold());
    }

    /** The configured reader the request names (the validator has checked that there is one). */
    private Optional<QaReader> reader(QaRunRequest request) {
        if (request.reader() == null || request.reader().isBlank()) {
            return Optional.empty();
        }
        var settings = readers.find(request.reader()).orElseThrow(() -> new IllegalStateException("reader '" + request.reader()
                + "' is not configured"));
        return Optional.of(new QaReader(request.readerModel() == null ? settings : settings.withModel(request.readerModel())));
    }
}
