package io.clirbench.gateway.run;

import io.clirbench.gateway.retriever.RetrieverPhase;
import java.util.concurrent.atomic.AtomicInteger;

/** The live counters of one retriever of a run; thread-safe. {@link #snapshot()} gives its JSON. */
public final class RetrieverProgress {

    private final String id;
    private final int documents;
    private final int queries;
    private volatile RetrieverPhase phase;
    private final AtomicInteger documentsEmbedded = new AtomicInteger();
    private final AtomicInteger documentsIndexed = new AtomicInteger();
    private final AtomicInteger queriesEmbedded = new AtomicInteger();
    private final AtomicInteger queriesSearched = new AtomicInteger();
    private final AtomicInteger queriesPublished = new AtomicInteger();

    RetrieverProgress(RunSnapshot.RetrieverSnapshot s) {
        id = s.id();
        phase = s.state();
        documents = s.documents();
        queries = s.queries();
        documentsEmbedded.set(s.documentsEmbedded());
        documentsIndexed.set(s.documentsIndexed());
        queriesEmbedded.set(s.queriesEmbedded());
        queriesSearched.set(s.queriesSearched());
        queriesPublished.set(s.queriesPublished());
    }

    /** The retriever id (canonical text). */
    public String id() {
        return id;
    }

    public RetrieverPhase phase() {
        return phase;
    }

    public void phase(RetrieverPhase newPhase) {
        phase = newPhase;
    }

    public void documentsEmbedded(int n) {
        documentsEmbedded.addAndGet(n);
    }

    public void documentsIndexed(int n) {
        documentsIndexed.addAndGet(n);
    }

    public void queriesEmbedded(int n) {
        queriesEmbedded.addAndGet(n);
    }

    public void queriesSearched(int n) {
        queriesSearched.addAndGet(n);
    }

    public void queryPublished() {
        queriesPublished.incrementAndGet();
    }

    public int published() {
        return queriesPublished.get();
    }

    RunSnapshot.RetrieverSnapshot snapshot() {
        RetrieverPhase p = phase;
        int de = documentsEmbedded.get();
        int di = documentsIndexed.get();
        int qe = queriesEmbedded.get();
        int qs = queriesSearched.get();
        int qp = queriesPublished.get();
        return new RunSnapshot.RetrieverSnapshot(id, p, de, documents, qe, queries, qs, qp, di,
                PhaseProgress.of(p, documents, de, di, queries, qe, qs, qp));
    }
}
