package io.clirbench.gateway.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.TypedId;
import io.clirbench.gateway.retriever.RetrieverPhase;
import java.util.List;

/**
 * One run as {@code GET /api/runs/{id}} serves it and the {@code runs} table stores it (README "Run JSON"):
 * an immutable snapshot of a {@link RunProgress}.
 */
public record RunSnapshot(String id, String dataset, String datasetVersion, RunLifecycle state, int depth, long seed,
                          int bootstrap, List<RetrieverSnapshot> retrievers, EvalServiceStatus evaluation,
                          String message, String createdAt, String updatedAt, Timings timings, Queue queue, String resumedAt,
                          List<String> warnings) {

    /**
     * {@code warnings}: what the preflight at submit found close to a limit (README "Preflight at submit"), kept for the
     * run's life; empty when none, and in runs stored before it existed.
     */
    public RunSnapshot {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A run without preflight warnings. */
    public RunSnapshot(String id, String dataset, String datasetVersion, RunLifecycle state, int depth, long seed,
                       int bootstrap, List<RetrieverSnapshot> retrievers, EvalServiceStatus evaluation, String message,
                       String createdAt, String updatedAt, Timings timings, Queue queue, String resumedAt) {
        this(id, dataset, datasetVersion, state, depth, seed, bootstrap, retrievers, evaluation, message, createdAt, updatedAt,
                timings, queue, resumedAt, List.of());
    }

    /**
     * A run as before issue 29, never resumed; {@code resumedAt}: when a gateway last resumed the run after the process
     * that ran it stopped (ISO-8601), null when none did.
     */
    public RunSnapshot(String id, String dataset, String datasetVersion, RunLifecycle state, int depth, long seed,
                       int bootstrap, List<RetrieverSnapshot> retrievers, EvalServiceStatus evaluation, String message,
                       String createdAt, String updatedAt, Timings timings, Queue queue) {
        this(id, dataset, datasetVersion, state, depth, seed, bootstrap, retrievers, evaluation, message, createdAt, updatedAt,
                timings, queue, null);
    }

    /** A run not waiting in line ({@code queue} null), as stored. */
    public RunSnapshot(String id, String dataset, String datasetVersion, RunLifecycle state, int depth, long seed,
                       int bootstrap, List<RetrieverSnapshot> retrievers, EvalServiceStatus evaluation, String message,
                       String createdAt, String updatedAt, Timings timings) {
        this(id, dataset, datasetVersion, state, depth, seed, bootstrap, retrievers, evaluation, message, createdAt, updatedAt,
                timings, null);
    }

    /**
     * Progress of one retriever: its phase ({@code state}), the counters, and {@code progress}, the counts
     * inside the current phase. {@code documentsIndexed} and {@code progress} are absent (0, null) in runs
     * stored before they existed.
     *
     * @param typedId  the id as this gateway parsed it ({@code TypedId}: kind, encoders, whether it embeds the corpus), for
     *                 clients to read instead of parsing {@code id}; null in runs stored before it existed
     * @param parsedId the parsed id itself ({@code RetrieverId} or {@code QaSystemId}) while this process holds the run, so
     *                 the orchestrator does not parse it again; not part of the JSON (null in a snapshot read from the store)
     */
    public record RetrieverSnapshot(String id, RetrieverPhase state, int documentsEmbedded, int documents,
                                    int queriesEmbedded, int queries, int queriesSearched, int queriesPublished,
                                    int documentsIndexed, PhaseProgress progress, TypedId typedId,
                                    @JsonIgnore Object parsedId) {

        /** A retriever of a run stored before typed ids (tests build these). */
        public RetrieverSnapshot(String id, RetrieverPhase state, int documentsEmbedded, int documents, int queriesEmbedded,
                                 int queries, int queriesSearched, int queriesPublished, int documentsIndexed, PhaseProgress progress) {
            this(id, state, documentsEmbedded, documents, queriesEmbedded, queries, queriesSearched, queriesPublished,
                    documentsIndexed, progress, null, null);
        }

        /** A retriever not started yet, with {@code documents} texts to embed and {@code queries} to answer. */
        public static RetrieverSnapshot queued(RetrieverId id, int documents, int queries) {
            return queued(id.id(), id.typed(), id, documents, queries);
        }

        /** A QA system not started yet, with {@code documents} texts to embed and {@code queries} to answer. */
        public static RetrieverSnapshot queued(QaSystemId id, int documents, int queries) {
            return queued(id.id(), id.typed(), id, documents, queries);
        }

        private static RetrieverSnapshot queued(String id, TypedId typed, Object parsed, int documents, int queries) {
            return new RetrieverSnapshot(id, RetrieverPhase.QUEUED, 0, documents, 0, queries, 0, 0, 0,
                    PhaseProgress.of(RetrieverPhase.QUEUED, documents, 0, 0, queries, 0, 0, 0), typed, parsed);
        }
    }

    /** The eval-service's view of the run: its state and where its report is. */
    public record EvalServiceStatus(String state, String url) {
    }

    /** Milliseconds spent per phase, summed over retrievers; null until the phase ran. */
    public record Timings(Long embedMillis, Long indexMillis, Long searchMillis, Long publishMillis, Long evalMillis,
                          Long totalMillis) {
    }

    /**
     * Where a QUEUED run waits for one of the {@code gateway.runs.max-concurrent} places (retrieval and QA runs in one
     * line): {@code position} 1 starts next, of {@code length} waiting. Null in every other state (and in the store).
     */
    public record Queue(int position, int length) {
    }

    /** A new run, QUEUED now under a fresh id: nothing evaluated, nothing timed. */
    public static RunSnapshot queued(String dataset, String datasetVersion, int depth, long seed, int bootstrap,
                                     List<RetrieverSnapshot> retrievers) {
        String now = java.time.Instant.now().toString();
        return new RunSnapshot(java.util.UUID.randomUUID().toString(), dataset, datasetVersion, RunLifecycle.QUEUED, depth, seed,
                bootstrap, retrievers, new EvalServiceStatus("NOT_STARTED", null), null, now, now,
                new Timings(null, null, null, null, null, null), null);
    }

    public RunSnapshot withState(RunLifecycle newState, String newMessage, String now) {
        return new RunSnapshot(id, dataset, datasetVersion, newState, depth, seed, bootstrap, retrievers, evaluation,
                newMessage, createdAt, now, timings, queue, resumedAt, warnings);
    }

    /** This snapshot with its place in line. */
    public RunSnapshot waiting(Queue place) {
        return new RunSnapshot(id, dataset, datasetVersion, state, depth, seed, bootstrap, retrievers, evaluation, message,
                createdAt, updatedAt, timings, place, resumedAt, warnings);
    }

    /** This snapshot with the preflight's warnings. */
    public RunSnapshot warned(List<String> newWarnings) {
        return new RunSnapshot(id, dataset, datasetVersion, state, depth, seed, bootstrap, retrievers, evaluation, message,
                createdAt, updatedAt, timings, queue, resumedAt, newWarnings);
    }
}
