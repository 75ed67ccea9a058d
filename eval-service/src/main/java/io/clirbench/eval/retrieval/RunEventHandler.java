package io.clirbench.eval.retrieval;

import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.run.PackedList;
import io.clirbench.eval.pipeline.DeadLetters;
import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationScheduler;
import io.clirbench.eval.pipeline.PoisonEventException;
import io.clirbench.service.store.Database;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.EvaluationQueueStore;
import io.clirbench.eval.config.EvalConfig;
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
 * EVALUATING and queues it for the {@link EvaluationScheduler}. Events of one run are serialised by
 * the run's row lock ({@link EvaluationStore#lock}), which holds across replicas sharing the database,
 * and within this process by a striped lock first (threads of one replica then do not queue on the database).
 */
@ApplicationScoped
public class RunEventHandler {

    private static final int STRIPES = 64;

    private final Database db;
    private final EvaluationStore runs;
    private final ResultStore results;
    private final DatasetCache datasets;
    private final ResultRowMapper scorer;
    private final DeadLetters deadLetters;
    private final EvaluationQueueStore queue;
    private final EvaluationScheduler scheduler;
    private final long maxCost;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    public RunEventHandler(Database db, EvaluationStore runs, ResultStore results, DatasetCache datasets, ResultRowMapper scorer,
                      DeadLetters deadLetters, EvaluationQueueStore queue, EvaluationScheduler scheduler, EvalConfig config) {
        this.db = db;
        this.runs = runs;
        this.results = results;
        this.datasets = datasets;
        this.scorer = scorer;
        this.deadLetters = deadLetters;
        this.queue = queue;
        this.scheduler = scheduler;
        this.maxCost = config.evaluation().maxCost();
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    public void onStarted(RunStarted started) {
        EventChecks.checkStarted(started);
        String runId = started.getRunId();
        JudgedDataset dataset;
        try {
            dataset = datasets.load(started);
        } catch (DatasetCache.Refused e) {
            failOnDataset(started, e.getMessage());
            return;
        }
        boolean complete = locked(runId, () -> db.inTransaction(c -> {
            RunRow row = runs.lock(c, runId, System.currentTimeMillis());
            if (row.started() != null) {
                if (Events.storedStarted(row.started()).equals(started)) {
                    return false;
                }
                throw new PoisonEventException("conflicting RunStarted for run '" + runId + "': the run was already "
                        + "started with other settings (dataset '" + Events.storedStarted(row.started()).getDatasetId() + "')");
            }
            EvaluationState state = row.state() == EvaluationState.PENDING ? EvaluationState.RECEIVING : row.state();
            runs.setStarted(c, runId, started.toByteArray(), state);
            runs.setCorpusHash(c, runId, datasets.hash(started)); // the corpus order packed hits index into
            String overLimit = refusal(started, dataset);
            if (overLimit != null) {
                runs.finish(c, runId, state, EvaluationState.FAILED, overLimit, System.currentTimeMillis(), null);
                return false;
            }
            validateWaiting(c, started, dataset);
            return queueIfDone(c, runId);
        }));
        evaluateIf(complete, runId);
    }

    /** A run whose dataset cannot be read or changed: stored FAILED with the reason (the gateway shows it). */
    private void failOnDataset(RunStarted started, String reason) {
        String runId = started.getRunId();
        org.jboss.logging.Logger.getLogger(RunEventHandler.class).warnf("run %s FAILED: %s", runId, reason);
        locked(runId, () -> db.inTransaction(c -> {
            RunRow row = runs.lock(c, runId, System.currentTimeMillis());
            if (row.started() != null) {
                return false;
            }
            EvaluationState state = row.state() == EvaluationState.PENDING ? EvaluationState.RECEIVING : row.state();
            runs.setStarted(c, runId, started.toByteArray(), state);
            return runs.finish(c, runId, state, EvaluationState.FAILED, reason, System.currentTimeMillis(), null);
        }));
    }

    public void onResult(QueryResult result, byte[] bytes) {
        EventChecks.checkResult(result);
        String runId = result.getRunId();
        boolean complete = locked(runId, () -> db.inTransaction(c -> {
            long now = System.currentTimeMillis();
            RunRow row = runs.lock(c, runId, now);
            ResultRow existing = results.find(c, runId, result.getRetrieverId(), result.getQueryId()).orElse(null);
            if (existing != null) {
                int stored = storedHits(existing, row, result);
                if (stored < 0) {
                    return false;
                }
                throw new PoisonEventException("conflicting duplicate QueryResult of run '" + runId + "' retriever '"
                        + result.getRetrieverId() + "' query '" + result.getQueryId() + "': its " + result.getHitsCount()
                        + " hits differ from the " + stored + " hits stored");
            }
            if (row.started() == null) {
                results.insertRaw(c, runId, result.getRetrieverId(), result.getQueryId(), bytes, now);
                return false;
            }
            if (row.state() == EvaluationState.EVALUATING || row.state() == EvaluationState.COMPLETED) {
                throw new PoisonEventException("QueryResult of run '" + runId + "' retriever '" + result.getRetrieverId()
                        + "' query '" + result.getQueryId() + "': the run is already " + row.state()
                        + ", every published result had arrived");
            }
            RunStarted started = Events.storedStarted(row.started());
            if (row.state() == EvaluationState.FAILED) {
                return false; // the run failed (on its dataset, ...): its results are not scored
            }
            JudgedDataset dataset;
            try {
                dataset = datasets.load(started);
            } catch (DatasetCache.Refused e) {
                // the files changed or vanished after RunStarted (read again after a restart, an eviction, or on
                // another replica): the run fails with the reason instead of waiting for a result that never counts
                runs.finish(c, runId, row.state(), EvaluationState.FAILED, e.getMessage(), now, null);
                return false;
            }
            if (refusal(started, dataset) != null) {
                return false; // the run failed on its RunStarted (over a limit): its results are not scored
            }
            String problem = EventChecks.problem(started, dataset, result);
            if (problem != null) {
                throw new PoisonEventException(problem);
            }
            results.insertValid(c, scorer.score(dataset, started.getDepth(), result), now);
            return queueIfDone(c, runId);
        }));
        evaluateIf(complete, runId);
    }

    public void onCompleted(RunCompleted completed) {
        EventChecks.checkCompleted(completed);
        String runId = completed.getRunId();
        boolean complete = locked(runId, () -> db.inTransaction(c -> {
            long now = System.currentTimeMillis();
            RunRow row = runs.lock(c, runId, now);
            if (row.completed() != null) {
                if (Events.storedCompleted(row.completed()).equals(completed)) {
                    return false;
                }
                throw new PoisonEventException("conflicting RunCompleted for run '" + runId + "': it already completed with "
                        + Events.storedCompleted(row.completed()).getOutcome() + " and other counts");
            }
            runs.setCompleted(c, runId, completed.toByteArray());
            EvaluationState ended = switch (completed.getOutcome()) {
                case FAILED -> EvaluationState.FAILED;
                case CANCELLED -> EvaluationState.CANCELLED;
                default -> null;
            };
            if (ended != null) {
                if (row.state() != EvaluationState.PENDING && row.state() != EvaluationState.RECEIVING) {
                    return false; // already evaluated or ended: a late outcome changes nothing
                }
                String message = completed.getMessage().isEmpty() ? "run " + completed.getOutcome() : completed.getMessage();
                runs.finish(c, runId, row.state(), ended, message, completedAt(completed, now), null);
                return false;
            }
            return queueIfDone(c, runId);
        }));
        evaluateIf(complete, runId);
    }

    /**
     * -1 when a result received again holds the hits already stored (a redelivery), else the number of hits stored.
     * A protobuf kept as received is compared hit by hit; packed hits (trec_eval's order, the corpus's indexes) are
     * compared with the new result packed alike, so the same hits in another order of equal scores are the same result.
     */
    private int storedHits(ResultRow existing, RunRow row, QueryResult result) {
        if (existing.result() != null) {
            QueryResult stored = Events.storedResult(existing.result());
            return stored.getHitsList().equals(result.getHitsList()) ? -1 : stored.getHitsCount();
        }
        var corpus = datasets.load(Events.storedStarted(row.started())).corpusIds(); // packed rows exist after RunStarted only
        PackedList stored = existing.packed(corpus);
        return stored.sameHits(PackedList.of(ResultMapper.toList(result), corpus::indexOf)) ? -1 : stored.size();
    }

    /** Results that arrived before RunStarted: validated now; a misfit goes to the dead-letter topic and is deleted. */
    private void validateWaiting(Connection c, RunStarted started, JudgedDataset dataset) throws SQLException {
        for (ResultRow raw : results.listRaw(c, started.getRunId())) {
            QueryResult result = Events.storedResult(raw.result());
            String problem = EventChecks.problem(started, dataset, result);
            if (problem != null) {
                deadLetters.send(EvalChannels.QUERY_RESULTS_DLT, raw.runId(), raw.result(), problem);
                results.delete(c, raw.runId(), raw.retrieverId(), raw.queryId());
            } else {
                results.markValid(c, scorer.score(dataset, started.getDepth(), result));
            }
        }
    }

    /**
     * Moves a receiving run to EVALUATING when RunCompleted (SUCCEEDED) is there and every retriever
     * has exactly the published number of results; to FAILED when one has more (it could never finish).
     */
    private boolean completeIfDone(Connection c, String runId) throws SQLException {
        RunRow row = runs.find(c, runId).orElseThrow();
        if (row.state() != EvaluationState.RECEIVING || row.completed() == null) {
            return false;
        }
        RunCompleted completed = Events.storedCompleted(row.completed());
        var counts = results.counts(c, runId, true);
        for (var retriever : Events.storedStarted(row.started()).getRetrieversList()) {
            int published = completed.getPublishedQueriesOrDefault(retriever.getId(), 0);
            int received = counts.getOrDefault(retriever.getId(), 0);
            if (received > published) {
                runs.finish(c, runId, EvaluationState.RECEIVING, EvaluationState.FAILED, "retriever '" + retriever.getId() + "': received "
                        + received + " query results, but RunCompleted says " + published + " were published",
                        System.currentTimeMillis(), null);
                return false;
            }
            if (received < published) {
                return false;
            }
        }
        runs.setState(c, runId, EvaluationState.EVALUATING);
        return true;
    }

    /**
     * {@link #completeIfDone}, and when the run moved to EVALUATING its row in the shared evaluation
     * queue with its cost, in the same transaction: whichever replica then has a free thread evaluates it.
     */
    private boolean queueIfDone(Connection c, String runId) throws SQLException {
        if (!completeIfDone(c, runId)) {
            return false;
        }
        RunRow row = runs.find(c, runId).orElseThrow();
        queue.enqueue(c, EvaluationKind.RETRIEVAL, runId, EvaluationCost.of(Events.storedStarted(row.started()), Events.storedCompleted(row.completed())),
                System.currentTimeMillis());
        return true;
    }

    /** Why the run is not evaluated at all (a limit of {@link EventChecks#overLimit}, or its cost), or {@code null}. */
    private String refusal(RunStarted started, JudgedDataset dataset) {
        String overLimit = EventChecks.overLimit(started);
        return overLimit != null ? overLimit : EvaluationCost.overMax(started, dataset.dataset().queries().size(), maxCost);
    }

    private static long completedAt(RunCompleted completed, long now) {
        return completed.getCompletedAtEpochMs() > 0 ? completed.getCompletedAtEpochMs() : now;
    }

    private void evaluateIf(boolean complete, String runId) {
        if (complete) {
            scheduler.wake();
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
