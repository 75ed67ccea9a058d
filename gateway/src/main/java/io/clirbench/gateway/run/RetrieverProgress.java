package io.clirbench.gateway.run;

import io.clirbench.gateway.retriever.RetrieverPhase;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The live counters of one retriever of a run; thread-safe. {@link #snapshot()} gives its JSON. The results the broker
 * confirmed are kept by query id ({@link #confirmed}): {@code queriesPublished} counts each query once, and a resumed
 * run sends only the others. A retriever resumed after a restart ({@link #resume}) shows its counters continuously: each
 * is the larger of what the stopped process had recorded and what the resumed one has counted.
 */
public final class RetrieverProgress {

    private final String id;
    private volatile io.clirbench.core.search.TypedId typedId;
    private volatile Object parsedId;
    private final int documents;
    private final int queries;
    private volatile RetrieverPhase phase;
    private final AtomicInteger documentsEmbedded = new AtomicInteger();
    private final AtomicInteger documentsIndexed = new AtomicInteger();
    private final AtomicInteger queriesEmbedded = new AtomicInteger();
    private final AtomicInteger queriesSearched = new AtomicInteger();
    private final java.util.Set<String> confirmed = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Confirmed query ids not yet recorded in the {@link RunJournal}. */
    private final java.util.concurrent.ConcurrentLinkedQueue<String> unrecorded = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final int[] floors = new int[5];
    private final AtomicInteger sent = new AtomicInteger();
    private final RetrieverMeter meter = new RetrieverMeter();

    RetrieverProgress(RunSnapshot.RetrieverSnapshot s) {
        id = s.id();
        typedId = s.typedId();
        parsedId = s.parsedId();
        phase = s.state();
        documents = s.documents();
        queries = s.queries();
        documentsEmbedded.set(s.documentsEmbedded());
        documentsIndexed.set(s.documentsIndexed());
        queriesEmbedded.set(s.queriesEmbedded());
        queriesSearched.set(s.queriesSearched());
        floors[4] = s.queriesPublished(); // shown until this process has confirmed as many (a run watched again)
    }

    /**
     * Resumes this retriever after a restart: the counters the stopped process recorded become floors, counting starts
     * again from 0, and {@code alreadyConfirmed} are the query ids whose results need not be sent again.
     */
    public void resume(java.util.Set<String> alreadyConfirmed) {
        floors[0] = documentsEmbedded.getAndSet(0);
        floors[1] = documentsIndexed.getAndSet(0);
        floors[2] = queriesEmbedded.getAndSet(0);
        floors[3] = queriesSearched.getAndSet(0);
        confirmed.addAll(alreadyConfirmed);
    }

    /** Whether the broker confirmed every query's result (a resumed run skips this retriever). */
    public boolean allConfirmed() {
        return queries > 0 && confirmed.size() >= queries;
    }

    /** Whether the result of {@code queryId} was confirmed (by this process or, recorded, by the one before). */
    public boolean isConfirmed(String queryId) {
        return confirmed.contains(queryId);
    }

    /** The broker confirmed the result of {@code queryId}. */
    public void confirmed(String queryId) {
        if (confirmed.add(queryId)) {
            unrecorded.add(queryId);
        }
    }

    /** Takes the confirmations not yet recorded in the journal. */
    java.util.List<String> drainUnrecorded() {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String q; (q = unrecorded.poll()) != null; ) {
            out.add(q);
        }
        return out;
    }

    /** Puts confirmations back that could not be recorded (the next save tries again). */
    void unrecorded(java.util.List<String> queryIds) {
        unrecorded.addAll(queryIds);
    }

    /** This process sent a result (to the broker; {@link #confirmed} follows when it is confirmed). */
    public void sent() {
        sent.incrementAndGet();
    }

    /** Results this process has sent. */
    public int sentCount() {
        return sent.get();
    }

    /** What this process counted since it resumed the retriever: documents embedded, indexed, queries embedded, searched. */
    public int[] countedSinceResume() {
        return new int[] {documentsEmbedded.get(), documentsIndexed.get(), queriesEmbedded.get(), queriesSearched.get()};
    }

    /** What this retriever cost, as this process measured it (README "Efficiency"). */
    public RetrieverMeter meter() {
        return meter;
    }

    /** The retriever id (canonical text). */
    public String id() {
        return id;
    }

    /**
     * The parsed id ({@code RetrieverId}, {@code QaSystemId}): the one the run was accepted with, never parsed again; for a
     * run read back from the store (resumed after a restart) {@code readBack} turns the canonical text this gateway
     * stored into it, once.
     */
    public synchronized <T> T parsedId(Class<T> type, java.util.function.Function<String, T> readBack,
                                       java.util.function.Function<T, io.clirbench.core.search.TypedId> typed) {
        if (parsedId == null) {
            T read = readBack.apply(id);
            parsedId = read;
            if (typedId == null) { // stored before typed ids existed
                typedId = typed.apply(read);
            }
        }
        return type.cast(parsedId);
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

    /** Results the broker confirmed, each query once. */
    public int published() {
        return confirmed.size();
    }

    RunSnapshot.RetrieverSnapshot snapshot() {
        RetrieverPhase p = phase;
        int de = Math.max(floors[0], documentsEmbedded.get());
        int di = Math.max(floors[1], documentsIndexed.get());
        int qe = Math.max(floors[2], queriesEmbedded.get());
        int qs = Math.max(floors[3], queriesSearched.get());
        int qp = Math.max(floors[4], confirmed.size());
        return new RunSnapshot.RetrieverSnapshot(id, p, de, documents, qe, queries, qs, qp, di,
                PhaseProgress.of(p, documents, de, di, queries, qe, qs, qp), typedId, parsedId);
    }
}
