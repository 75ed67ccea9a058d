package io.clirbench.eval.evaluation;

import io.clirbench.eval.mapping.Events;
import io.clirbench.eval.messaging.DeadLetters;
import io.clirbench.eval.store.Db;
import io.clirbench.eval.store.ResultRow;
import io.clirbench.eval.store.ResultStore;
import io.clirbench.eval.store.RunRow;
import io.clirbench.eval.store.RunState;
import io.clirbench.eval.store.RunStore;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Applies run events to the stored state, one transaction per event, idempotently. The two topics
 * are not ordered with respect to each other, so results may wait (raw) for their RunStarted, and a
 * RunCompleted may wait for its last results; whichever event completes the run moves it to
 * EVALUATING and hands it to the {@link RunFinalizer}. Events of one run are serialised by a lock.
 */
@ApplicationScoped
public class RunTracker {

    private static final int STRIPES = 64;

    private final Db db;
    private final RunStore runs;
    private final ResultStore results;
    private final DatasetCache datasets;
    private final QueryScorer scorer;
    private final DeadLetters deadLetters;
    private final RunFinalizer finalizer;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    public RunTracker(Db db, RunStore runs, ResultStore results, DatasetCache datasets, QueryScorer scorer,
                      DeadLetters deadLetters, RunFinalizer finalizer) {
        this.db = db;
        this.runs = runs;
        this.results = results;
        this.datasets = datasets;
        this.scorer = scorer;
        this.deadLetters = deadLetters;
        this.finalizer = finalizer;
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    public void onStarted(RunStarted started) {
        EventChecks.checkStarted(started);
        DatasetContext dataset = datasets.load(started);
        String runId = started.getRunId();
        boolean complete = locked(runId, () -> db.inTransaction(c -> {
            RunRow row = runs.find(c, runId).orElse(null);
            if (row != null && row.started() != null) {
                if (Events.storedStarted(row.started()).equals(started)) {
                    return false;
                }
                throw new PoisonEventException("conflicting RunStarted for run '" + runId + "': the run was already "
                        + "started with other settings (dataset '" + Events.storedStarted(row.started()).getDatasetId() + "')");
            }
            if (row == null) {
                runs.insert(c, runId, RunState.RECEIVING, System.currentTimeMillis());
            }
            RunState state = row == null || row.state() == RunState.PENDING ? RunState.RECEIVING : row.state();
            runs.setStarted(c, runId, started.toByteArray(), state);
            validateWaiting(c, started, dataset);
            return completeIfDone(c, runId);
        }));
        evaluateIf(complete, runId);
    }

    public void onResult(QueryResult result, byte[] bytes) {
        EventChecks.checkResult(result);
        String runId = result.getRunId();
        boolean complete = locked(runId, () -> db.inTransaction(c -> {
            ResultRow existing = results.find(c, runId, result.getRetrieverId(), result.getQueryId()).orElse(null);
            if (existing != null) {
                QueryResult stored = Events.storedResult(existing.result());
                if (stored.getHitsList().equals(result.getHitsList())) {
                    return false;
                }
                throw new PoisonEventException("conflicting duplicate QueryResult of run '" + runId + "' retriever '"
                        + result.getRetrieverId() + "' query '" + result.getQueryId() + "': its " + result.getHitsCount()
                        + " hits differ from the " + stored.getHitsCount() + " hits stored");
            }
            RunRow row = runs.find(c, runId).orElse(null);
            long now = System.currentTimeMillis();
            if (row == null || row.started() == null) {
                if (row == null) {
                    runs.insert(c, runId, RunState.PENDING, now);
                }
                results.insertRaw(c, runId, result.getRetrieverId(), result.getQueryId(), bytes, now);
                return false;
            }
            if (row.state() == RunState.EVALUATING || row.state() == RunState.COMPLETED) {
                throw new PoisonEventException("QueryResult of run '" + runId + "' retriever '" + result.getRetrieverId()
                        + "' query '" + result.getQueryId() + "': the run is already " + row.state()
                        + ", every published result had arrived");
            }
            RunStarted started = Events.storedStarted(row.started());
            DatasetContext dataset = datasets.load(started);
            String problem = EventChecks.problem(started, dataset, result);
            if (problem != null) {
                throw new PoisonEventException(problem);
            }
            results.insertValid(c, scorer.score(dataset, started.getDepth(), result, bytes), now);
            return completeIfDone(c, runId);
        }));
        evaluateIf(complete, runId);
    }

    public void onCompleted(RunCompleted completed) {
        EventChecks.checkCompleted(completed);
        String runId = completed.getRunId();
        boolean complete = locked(runId, () -> db.inTransaction(c -> {
            RunRow row = runs.find(c, runId).orElse(null);
            long now = System.currentTimeMillis();
            if (row != null && row.completed() != null) {
                if (Events.storedCompleted(row.completed()).equals(completed)) {
                    return false;
                }
                throw new PoisonEventException("conflicting RunCompleted for run '" + runId + "': it already completed with "
                        + Events.storedCompleted(row.completed()).getOutcome() + " and other counts");
            }
            if (row == null) {
                runs.insert(c, runId, RunState.PENDING, now);
                row = runs.find(c, runId).orElseThrow();
            }
            runs.setCompleted(c, runId, completed.toByteArray());
            RunState ended = switch (completed.getOutcome()) {
                case FAILED -> RunState.FAILED;
                case CANCELLED -> RunState.CANCELLED;
                default -> null;
            };
            if (ended != null) {
                if (row.state() != RunState.PENDING && row.state() != RunState.RECEIVING) {
                    return false; // already evaluated or ended: a late outcome changes nothing
                }
                String message = completed.getMessage().isEmpty() ? "run " + completed.getOutcome() : completed.getMessage();
                runs.finish(c, runId, row.state(), ended, message, completedAt(completed, now), null);
                return false;
            }
            return completeIfDone(c, runId);
        }));
        evaluateIf(complete, runId);
    }

    /** Results that arrived before RunStarted: validated now; a misfit goes to the dead-letter topic and is deleted. */
    private void validateWaiting(Connection c, RunStarted started, DatasetContext dataset) throws SQLException {
        for (ResultRow raw : results.listRaw(c, started.getRunId())) {
            QueryResult result = Events.storedResult(raw.result());
            String problem = EventChecks.problem(started, dataset, result);
            if (problem != null) {
                deadLetters.queryResult(raw.runId(), raw.result(), problem);
                results.delete(c, raw.runId(), raw.retrieverId(), raw.queryId());
            } else {
                results.markValid(c, scorer.score(dataset, started.getDepth(), result, raw.result()));
            }
        }
    }

    /**
     * Moves a receiving run to EVALUATING when RunCompleted (SUCCEEDED) is there and every retriever
     * has exactly the published number of results; to FAILED when one has more (it could never finish).
     */
    private boolean completeIfDone(Connection c, String runId) throws SQLException {
        RunRow row = runs.find(c, runId).orElseThrow();
        if (row.state() != RunState.RECEIVING || row.completed() == null) {
            return false;
        }
        RunCompleted completed = Events.storedCompleted(row.completed());
        var counts = results.counts(c, runId, true);
        for (var retriever : Events.storedStarted(row.started()).getRetrieversList()) {
            int published = completed.getPublishedQueriesOrDefault(retriever.getId(), 0);
            int received = counts.getOrDefault(retriever.getId(), 0);
            if (received > published) {
                runs.finish(c, runId, RunState.RECEIVING, RunState.FAILED, "retriever '" + retriever.getId() + "': received "
                        + received + " query results, but RunCompleted says " + published + " were published",
                        System.currentTimeMillis(), null);
                return false;
            }
            if (received < published) {
                return false;
            }
        }
        runs.setState(c, runId, RunState.EVALUATING);
        return true;
    }

    private static long completedAt(RunCompleted completed, long now) {
        return completed.getCompletedAtEpochMs() > 0 ? completed.getCompletedAtEpochMs() : now;
    }

    private void evaluateIf(boolean complete, String runId) {
        if (complete) {
            finalizer.submit(runId);
        }
    }

    private <T> T locked(String runId, Supplier<T> work) {
        ReentrantLock lock = locks[Math.floorMod(runId.hashCode(), STRIPES)];
        lock.lock();
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }
}
