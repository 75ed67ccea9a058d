package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.RankedList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A task that keeps the ranked lists by query id instead of publishing them. Two uses: the task a composed
 * retriever (fuse, rerank, translate) hands an inner retriever ({@link #inner}: the outer task's dataset, depth,
 * cancellation, timings, phases and counts, so counts of several inner retrievers add up in the outer retriever's
 * progress), and a search outside any run ({@link #of}: an agent's call, where nobody watches progress).
 */
public final class CollectingTask implements RetrievalTask {

    private final Dataset dataset;
    private final int depth;
    /** Where progress goes; null when nobody watches. */
    private final RetrievalTask outer;
    private final boolean corpusIndexed;
    private final Map<String, RankedList> lists = new LinkedHashMap<>();

    private CollectingTask(Dataset dataset, int depth, RetrievalTask outer, boolean corpusIndexed) {
        this.dataset = dataset;
        this.depth = depth;
        this.outer = outer;
        this.corpusIndexed = corpusIndexed;
    }

    /** For an inner retriever of {@code outer}. */
    static CollectingTask inner(RetrievalTask outer) {
        return new CollectingTask(outer.dataset(), outer.depth(), outer, outer.corpusIndexed());
    }

    /**
     * For a search of {@code dataset}'s queries outside any run: no progress, never cancelled; {@code corpusIndexed}:
     * see {@link RetrievalTask#corpusIndexed()}.
     */
    public static CollectingTask of(Dataset dataset, int depth, boolean corpusIndexed) {
        return new CollectingTask(dataset, depth, null, corpusIndexed);
    }

    /** The lists the retriever produced, by query id, in the order produced. */
    public Map<String, RankedList> lists() {
        return lists;
    }

    @Override
    public Dataset dataset() {
        return dataset;
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public void phase(RetrieverPhase phase) {
        if (outer != null) {
            outer.phase(phase);
        }
    }

    @Override
    public void documentsEmbedded(int n) {
        if (outer != null) {
            outer.documentsEmbedded(n);
        }
    }

    @Override
    public void documentsIndexed(int n) {
        if (outer != null) {
            outer.documentsIndexed(n);
        }
    }

    @Override
    public void queriesEmbedded(int n) {
        if (outer != null) {
            outer.queriesEmbedded(n);
        }
    }

    @Override
    public void queriesSearched(int n) {
        // the outer retriever counts the queries it publishes
    }

    @Override
    public void timed(Timed phase, long startNanos) {
        if (outer != null) {
            outer.timed(phase, startNanos);
        }
    }

    @Override
    public void embedded(int texts, long startNanos) {
        if (outer != null) {
            outer.embedded(texts, startNanos);
        }
    }

    @Override
    public void collection(String name) {
        if (outer != null) {
            outer.collection(name);
        }
    }

    // searchCall is not forwarded: the outer retriever publishes latencies of its own (a fusion's, a rerank's), not of
    // the inner batches

    @Override
    public synchronized void publish(RankedList list, long latencyMicros) {
        lists.put(list.queryId(), list);
    }

    @Override
    public boolean corpusIndexed() {
        return corpusIndexed;
    }

    @Override
    public void checkCancelled() throws InterruptedException {
        if (outer != null) {
            outer.checkCancelled();
        }
    }
}
