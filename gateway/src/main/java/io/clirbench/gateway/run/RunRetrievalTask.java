package io.clirbench.gateway.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.RankedList;
import io.clirbench.gateway.retriever.RetrievalTask;
import io.clirbench.gateway.retriever.RetrieverPhase;

/** One retriever's view of the run it serves: counters into its {@link RetrieverProgress}, times into the run. */
final class RunRetrievalTask implements RetrievalTask {

    private final RunProgress run;
    private final RetrieverProgress progress;
    private final Dataset dataset;
    private final RunResults results;

    RunRetrievalTask(RunProgress run, RetrieverProgress progress, Dataset dataset, RunResults results) {
        this.run = run;
        this.progress = progress;
        this.dataset = dataset;
        this.results = results;
    }

    @Override
    public Dataset dataset() {
        return dataset;
    }

    @Override
    public int depth() {
        return run.initial().depth();
    }

    @Override
    public void phase(RetrieverPhase phase) {
        if (phase == RetrieverPhase.INDEXING) {
            progress.meter().indexBuilt();
        }
        progress.phase(phase);
    }

    @Override
    public void documentsEmbedded(int n) {
        progress.documentsEmbedded(n);
    }

    @Override
    public void documentsIndexed(int n) {
        progress.documentsIndexed(n);
    }

    @Override
    public void queriesEmbedded(int n) {
        progress.queriesEmbedded(n);
    }

    @Override
    public void queriesSearched(int n) {
        progress.queriesSearched(n);
        progress.meter().queriesSearched(n);
    }

    @Override
    public void timed(Timed phase, long startNanos) {
        long nanos = System.nanoTime() - startNanos;
        run.timed(switch (phase) {
            case EMBED -> RunProgress.TimedPhase.EMBED;
            case INDEX -> RunProgress.TimedPhase.INDEX;
            case SEARCH -> RunProgress.TimedPhase.SEARCH;
        }, startNanos);
        switch (phase) {
            case INDEX -> progress.meter().index(nanos);
            case SEARCH -> progress.meter().search(nanos);
            case EMBED -> { } // the retriever's embedding is measured with its texts: embedded(...)
        }
    }

    @Override
    public void embedded(int texts, long startNanos) {
        progress.meter().embedded(texts, System.nanoTime() - startNanos);
        timed(Timed.EMBED, startNanos);
    }

    @Override
    public void searchCall(int queries) {
        progress.meter().searchCall(queries);
    }

    @Override
    public void collection(String name) {
        progress.meter().collection(name);
    }

    @Override
    public void publish(RankedList list, long latencyMicros) {
        results.publish(progress, list, latencyMicros);
    }

    @Override
    public void checkCancelled() throws InterruptedException {
        if (run.cancelRequested() || run.abandoned() || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("cancelled");
        }
    }
}
