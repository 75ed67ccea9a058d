package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.RankedList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The task a composed retriever (fuse, rerank, translate) hands an inner retriever: the outer task's dataset,
 * depth, cancellation, timings, phases and counts, but the ranked lists are kept here by query id instead
 * of being published. Counts of several inner retrievers add up in the outer retriever's progress.
 */
final class CollectingTask implements RetrievalTask {

    private final RetrievalTask outer;
    private final Map<String, RankedList> lists = new LinkedHashMap<>();

    CollectingTask(RetrievalTask outer) {
        this.outer = outer;
    }

    /** The lists the inner retriever produced, by query id, in the order produced. */
    Map<String, RankedList> lists() {
        return lists;
    }

    @Override
    public Dataset dataset() {
        return outer.dataset();
    }

    @Override
    public int depth() {
        return outer.depth();
    }

    @Override
    public void phase(RetrieverPhase phase) {
        outer.phase(phase);
    }

    @Override
    public void documentsEmbedded(int n) {
        outer.documentsEmbedded(n);
    }

    @Override
    public void documentsIndexed(int n) {
        outer.documentsIndexed(n);
    }

    @Override
    public void queriesEmbedded(int n) {
        outer.queriesEmbedded(n);
    }

    @Override
    public void queriesSearched(int n) {
        // the outer retriever counts the queries it publishes
    }

    @Override
    public void timed(Timed phase, long startNanos) {
        outer.timed(phase, startNanos);
    }

    @Override
    public synchronized void publish(RankedList list, long latencyMicros) {
        lists.put(list.queryId(), list);
    }

    @Override
    public void checkCancelled() throws InterruptedException {
        outer.checkCancelled();
    }
}
