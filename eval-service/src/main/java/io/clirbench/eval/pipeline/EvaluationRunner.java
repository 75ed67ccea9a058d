package io.clirbench.eval.pipeline;

import io.clirbench.core.io.FailureMessage;
import io.clirbench.service.store.Database;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a claimed run of any pillar on a thread of the {@link EvaluationScheduler}: the pillar renders the report
 * files from what is stored, and they are stored ({@link ReportFileStore}), the queue row removed and the run moved to
 * COMPLETED in one transaction that locks the run row and checks that this replica still holds the lease (so of two
 * replicas that both evaluated it, after a lease expired under a long pause, one stores it). Any failure ends the run
 * FAILED with its message. The state lives in the database: a run left in EVALUATING by a restart or a dead replica
 * is claimed again.
 */
@ApplicationScoped
public class EvaluationRunner {

    private final Database db;
    private final EvaluationQueueStore queue;
    private final ReportFileStore files;
    private final Map<EvaluationKind, PillarEvaluation> pillars = new EnumMap<>(EvaluationKind.class);

    public EvaluationRunner(Database db, EvaluationQueueStore queue, ReportFileStore files, Instance<PillarEvaluation> pillars) {
        this.db = db;
        this.queue = queue;
        this.files = files;
        pillars.forEach(p -> this.pillars.put(p.kind(), p));
    }

    /**
     * Queues every run in EVALUATING that has no queue row (left by a version without the queue, or put there by
     * hand); the scheduler calls it at start. Runs already queued keep their row and lease: a dead replica's lease
     * expires, a stopped one's was released.
     */
    public void resumeEvaluations() {
        List<String> queued = db.inTransaction(c -> {
            List<String> added = new ArrayList<>();
            for (PillarEvaluation pillar : pillars.values()) {
                for (String runId : pillar.evaluating(c)) {
                    if (queue.find(c, pillar.kind(), runId).isEmpty()) {
                        pillar.lock(c, runId);
                        queue.enqueue(c, pillar.kind(), runId, pillar.cost(c, runId), System.currentTimeMillis());
                        added.add(pillar.kind() + " " + runId);
                    }
                }
            }
            return added;
        });
        if (!queued.isEmpty()) {
            Log.infof("queued %d run(s) left in EVALUATING: %s", queued.size(), queued);
        }
    }

    /** Evaluates a run this replica ({@code owner}) claimed; the outcome is stored only while it still holds the lease. */
    void evaluate(QueuedEvaluation run, String owner) {
        PillarEvaluation pillar = pillar(run.kind());
        long start = System.nanoTime();
        try {
            Map<String, String> rendered = pillar.render(run.runId());
            long millis = (System.nanoTime() - start) / 1_000_000;
            boolean stored = finish(pillar, run.runId(), owner, EvaluationState.COMPLETED, null, millis, rendered);
            Log.infof("%s run %s evaluated in %d ms%s: %s", run.kind(), run.runId(), millis,
                    stored ? "" : " (not stored: the lease was lost)", rendered.keySet().size() > 12
                            ? rendered.size() + " files" : rendered.keySet());
        } catch (RuntimeException | Error e) {
            if (Thread.currentThread().isInterrupted()) {
                Log.infof("evaluation of %s run %s interrupted by shutdown; another replica or the next start evaluates it",
                        run.kind(), run.runId());
                return;
            }
            Log.errorf(e, "evaluation of %s run %s failed", run.kind(), run.runId());
            finish(pillar, run.runId(), owner, EvaluationState.FAILED, "evaluation failed: " + FailureMessage.of(e),
                    (System.nanoTime() - start) / 1_000_000, null);
        }
    }

    /** Fails a run whose evaluation was claimed too often (every claimant stopped first); true when it was failed here. */
    boolean abandon(QueuedEvaluation run, String message) {
        PillarEvaluation pillar = pillar(run.kind());
        return db.inTransaction(c -> {
            pillar.lock(c, run.runId());
            queue.remove(c, run.kind(), run.runId());
            return pillar.finish(c, run.runId(), EvaluationState.FAILED, message, null);
        });
    }

    private boolean finish(PillarEvaluation pillar, String runId, String owner, EvaluationState to, String message, long millis,
                           Map<String, String> rendered) {
        return db.inTransaction(c -> {
            pillar.lock(c, runId);
            if (!queue.holds(c, pillar.kind(), runId, owner)) {
                return false; // another replica took the run over after this one's lease expired
            }
            queue.remove(c, pillar.kind(), runId);
            if (!pillar.finish(c, runId, to, message, millis)) {
                return false; // the run is not EVALUATING (ended otherwise): nothing to store
            }
            if (rendered != null) {
                files.save(c, pillar.kind(), runId, rendered);
            }
            return true;
        });
    }

    private PillarEvaluation pillar(EvaluationKind kind) {
        PillarEvaluation pillar = pillars.get(kind);
        if (pillar == null) {
            throw new IllegalStateException("no evaluation for " + kind + " runs (known: " + pillars.keySet() + ")");
        }
        return pillar;
    }
}
