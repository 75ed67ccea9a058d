package io.clirbench.gateway.run;

import io.clirbench.core.efficiency.RetrieverCost;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one retriever of a run cost, as this process measured it (README "Efficiency"): its own index, embedding and
 * search times (the run's {@link RunProgress.TimedPhase} times add every retriever up), texts embedded, queries searched,
 * the largest search batch and the collections it searched, whose sizes the orchestrator asks the index-service for once
 * the retriever is done. Thread-safe. A run resumed after a restart measures what the resumed process did.
 */
public final class RetrieverMeter {

    private final AtomicLong indexNanos = new AtomicLong();
    private final AtomicLong embedNanos = new AtomicLong();
    private final AtomicLong searchNanos = new AtomicLong();
    private final AtomicLong textsEmbedded = new AtomicLong();
    private final AtomicLong queriesSearched = new AtomicLong();
    private final AtomicInteger queriesPerCall = new AtomicInteger();
    private final Set<String> collections = ConcurrentHashMap.newKeySet();
    private volatile boolean indexBuilt;
    private volatile boolean embedded;
    private volatile boolean searched;
    private volatile long diskBytes;
    private volatile long memoryBytes;

    void index(long nanos) {
        indexNanos.addAndGet(nanos);
    }

    /** The retriever builds its index (enters INDEXING): its index time is a build time, not a reuse check. */
    void indexBuilt() {
        indexBuilt = true;
    }

    void embedded(int texts, long nanos) {
        embedded = true;
        textsEmbedded.addAndGet(texts);
        embedNanos.addAndGet(nanos);
    }

    void search(long nanos) {
        searched = true;
        searchNanos.addAndGet(nanos);
    }

    void queriesSearched(int n) {
        queriesSearched.addAndGet(n);
    }

    void searchCall(int queries) {
        queriesPerCall.accumulateAndGet(queries, Math::max);
    }

    void collection(String name) {
        collections.add(name);
    }

    /** The collections the retriever searched (the orchestrator sums their sizes: {@link #sizes}). */
    public Set<String> collections() {
        return Set.copyOf(collections);
    }

    /** The summed sizes of {@link #collections()}, in bytes; 0 = unknown. */
    void sizes(long disk, long memory) {
        diskBytes = disk;
        memoryBytes = memory;
    }

    /** What was measured; null where nothing was (README "Efficiency"). */
    public RetrieverCost cost() {
        return new RetrieverCost(indexBuilt ? indexNanos.get() / 1000 : null, diskBytes > 0 ? diskBytes : null,
                memoryBytes > 0 ? memoryBytes : null, embedded ? textsEmbedded.get() : null,
                embedded ? embedNanos.get() / 1000 : null, searched ? queriesSearched.get() : null,
                searched ? searchNanos.get() / 1000 : null, queriesPerCall.get() > 0 ? queriesPerCall.get() : null);
    }
}
