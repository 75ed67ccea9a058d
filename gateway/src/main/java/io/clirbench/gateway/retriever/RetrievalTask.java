package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.RankedList;

/** What a {@link Retriever} gets from the run it serves: the input, where progress, times and results go. */
public interface RetrievalTask {

    /** Phases whose time a retriever records (summed into the run's timings). */
    enum Timed { EMBED, INDEX, SEARCH }

    Dataset dataset();

    /** Documents to retrieve per query. */
    int depth();

    /** The retriever enters {@code phase}. */
    void phase(RetrieverPhase phase);

    /** {@code n} more document texts have their vectors (or, for BM25, are indexed). */
    void documentsEmbedded(int n);

    /** {@code n} more documents are in the collection. */
    void documentsIndexed(int n);

    /** {@code n} more query texts have their vectors. */
    void queriesEmbedded(int n);

    /** {@code n} more queries are searched. */
    void queriesSearched(int n);

    /** Adds the time since {@code startNanos} ({@link System#nanoTime()}) to a phase. */
    void timed(Timed phase, long startNanos);

    /**
     * {@code texts} texts got their vectors (or cross-encoder scores) in the time since {@code startNanos}: recorded as
     * EMBED time and as the retriever's embedding throughput (README "Efficiency").
     */
    default void embedded(int texts, long startNanos) {
        timed(Timed.EMBED, startNanos);
    }

    /** One search call answered {@code queries} queries at once (their latencies are shares of its time). */
    default void searchCall(int queries) {
    }

    /** The retriever searches the index-service collection {@code name} (the report gives its size). */
    default void collection(String name) {
    }

    /** Sends one query's ranked list (confirmed by the broker later, before the run completes). */
    void publish(RankedList list, long latencyMicros);

    /** Throws when the run was asked to stop. */
    void checkCancelled() throws InterruptedException;

    /**
     * Whether this very corpus is known to be in the retriever's collection already (this process filled or checked
     * it for an earlier search of the same agent session), so that the retriever may search without checking it.
     * False for runs: they always check.
     */
    default boolean corpusIndexed() {
        return false;
    }
}
