package io.clirbench.gateway.qa;

import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.qa.select.SelectorOptions;
import io.clirbench.gateway.qa.reader.QaReader;
import io.clirbench.gateway.qa.reader.ReaderAnswer;
import io.clirbench.gateway.qa.reader.ReaderPrompt;
import io.clirbench.gateway.qa.system.QaTask;
import io.clirbench.gateway.run.RetrieverProgress;
import io.clirbench.gateway.run.RunProgress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One system's part of a QA run: where its predictions go (through the reader, when the run has one, on a
 * virtual thread each, the client bounding the requests in flight), and its counters and timings.
 */
final class QaRunTask implements QaTask {

    private final RunProgress run;
    private final RetrieverProgress progress;
    private final List<QaInstance> instances;
    private final Map<String, QaInstance> byId;
    private final SelectorOptions options;
    private final QaEventPublisher publisher;
    private final QaReader reader;
    private final boolean goldEvidence;
    private final ExecutorService readers;
    private final List<Future<?>> pending = new ArrayList<>();

    QaRunTask(RunProgress run, RetrieverProgress progress, List<QaInstance> instances, SelectorOptions options,
              QaEventPublisher publisher, QaReader reader, boolean goldEvidence, ExecutorService readers) {
        this.run = run;
        this.progress = progress;
        this.instances = instances;
        this.byId = instances.stream().collect(Collectors.toMap(QaInstance::id, Function.identity()));
        this.options = options;
        this.publisher = publisher;
        this.reader = reader;
        this.goldEvidence = goldEvidence;
        this.readers = readers;
    }

    @Override
    public List<QaInstance> instances() {
        return instances;
    }

    @Override
    public SelectorOptions options() {
        return options;
    }

    @Override
    public void publish(QaPrediction prediction, long latencyMicros) throws InterruptedException {
        progress.queriesSearched(1);
        if (progress.isConfirmed(prediction.id())) {
            return; // a resumed run: the process before had this prediction confirmed (its reader is not asked again)
        }
        if (reader == null) {
            send(prediction, latencyMicros, null);
            return;
        }
        QaInstance instance = byId.get(prediction.id());
        Set<FactKey> evidence = goldEvidence ? gold(instance) : prediction.support();
        Future<?> read = readers.submit(io.clirbench.gateway.client.CancellableWaits.inCurrentContext(() -> {
            ReaderAnswer answer = reader.answer(ReaderPrompt.messages(instance, evidence));
            send(new QaPrediction(prediction.id(), answer.answer(), prediction.support(), false),
                    latencyMicros + answer.latencyMicros(), answer);
            return null;
        }));
        synchronized (pending) {
            pending.add(read);
        }
    }

    private void send(QaPrediction prediction, long latencyMicros, ReaderAnswer answer) {
        long t0 = System.nanoTime();
        Future<?> sent = publisher.prediction(QaEventMapper.prediction(run.id(), progress.id(), prediction, latencyMicros, answer),
                () -> progress.confirmed(prediction.id()));
        progress.sent();
        synchronized (pending) {
            pending.add(sent);
        }
        run.timed(RunProgress.TimedPhase.PUBLISH, t0);
    }

    /** Waits for every reader call and every broker confirmation of this system. */
    void awaitPublished() throws Exception {
        long t0 = System.nanoTime();
        // reader futures add send futures while they finish: drain until nothing is left
        while (true) {
            List<Future<?>> batch;
            synchronized (pending) {
                if (pending.isEmpty()) {
                    break;
                }
                batch = new ArrayList<>(pending);
                pending.clear();
            }
            publisher.flush();
            for (Future<?> f : batch) {
                get(f);
            }
        }
        run.timed(RunProgress.TimedPhase.PUBLISH, t0);
    }

    /**
     * The future's result, its failure unwrapped: a run's message says the cause ("reader 'x' failed after 4 attempts:
     * HTTP 500"), never the wrapper's "java.util.concurrent.ExecutionException: io.clirbench...".
     */
    private static void get(Future<?> f) throws Exception {
        try {
            io.clirbench.gateway.client.CancellableWaits.get(f); // a cancel ends the wait, not an interrupt
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static Set<FactKey> gold(QaInstance instance) {
        Set<FactKey> out = new LinkedHashSet<>();
        for (SupportingFact f : instance.supportingFacts()) {
            out.add(new FactKey(f.paragraphId(), f.sentenceId()));
        }
        return out;
    }

    @Override
    public void embedded(int texts) {
        progress.documentsEmbedded(texts);
    }

    @Override
    public void timedEmbedding(long startNanos) {
        run.timed(RunProgress.TimedPhase.EMBED, startNanos);
    }

    @Override
    public void timedSelection(long startNanos) {
        run.timed(RunProgress.TimedPhase.SEARCH, startNanos);
    }

    @Override
    public void checkCancelled() throws InterruptedException {
        if (run.cancelRequested() || run.abandoned() || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("cancelled");
        }
    }
}
