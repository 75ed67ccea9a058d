package io.clirbench.eval.evaluation;

import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.report.ReportBundle;
import io.clirbench.core.stats.Stats;
import io.clirbench.eval.mapping.Events;
import io.clirbench.service.store.Database;
import io.clirbench.eval.store.ReportStore;
import io.clirbench.eval.store.EvaluationState;
import io.clirbench.eval.store.EvaluationStore;
import io.clirbench.eval.store.EvaluationQueueStore;
import io.clirbench.eval.store.ResultStore;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Computes the report of a complete run, on a thread of the {@link EvaluationScheduler} that claimed
 * it, exactly as {@code bench eval} does on the same lists, and stores every rendered file. The state
 * lives in the database: a run left in EVALUATING by a restart or a dead replica is queued and claimed
 * again. The report is stored only while this replica still holds the run's lease (so of two replicas
 * that both evaluated it, after a lease expired under a long pause, one stores it). Any failure ends
 * the run FAILED with its message.
 */
@ApplicationScoped
public class RunFinalizer {

    private final Database db;
    private final EvaluationStore runs;
    private final ReportStore reports;
    private final RunLists lists;
    private final DatasetCache datasets;
    private final EvaluationQueueStore queue;
    private final ResultStore results;

    public RunFinalizer(Database db, EvaluationStore runs, ReportStore reports, RunLists lists, DatasetCache datasets,
                        EvaluationQueueStore queue, ResultStore results) {
        this.db = db;
        this.runs = runs;
        this.reports = reports;
        this.lists = lists;
        this.datasets = datasets;
        this.queue = queue;
        this.results = results;
    }

    /**
     * Queues every run in EVALUATING that has no queue row (left by a version without the queue, or
     * put there by hand); the scheduler calls it at start, and the recovery test directly. Runs
     * already queued keep their row and lease: a dead replica's lease expires, a stopped one's was released.
     */
    void resumeEvaluations() {
        List<String> queued = db.inTransaction(c -> {
            List<String> added = new ArrayList<>();
            for (String runId : runs.idsInState(c, EvaluationState.EVALUATING)) {
                if (queue.find(c, runId).isEmpty()) {
                    RunStarted started = Events.storedStarted(runs.lock(c, runId, System.currentTimeMillis()).started());
                    long lists = results.counts(c, runId, true).values().stream().mapToLong(Integer::longValue).sum();
                    queue.enqueue(c, runId, lists * Math.max(1, started.getBootstrap()), System.currentTimeMillis());
                    added.add(runId);
                }
            }
            return added;
        });
        if (!queued.isEmpty()) {
            Log.infof("queued %d run(s) left in EVALUATING: %s", queued.size(), queued);
        }
    }

    /** Evaluates a run this replica ({@code owner}) claimed; the outcome is stored only while it still holds the lease. */
    void evaluate(String runId, String owner) {
        long start = System.nanoTime();
        try {
            Map<String, String> files = render(runId);
            long millis = (System.nanoTime() - start) / 1_000_000;
            boolean stored = finish(runId, owner, EvaluationState.COMPLETED, null, millis, files);
            Log.infof("run %s evaluated in %d ms%s: %s", runId, millis, stored ? "" : " (not stored: the lease was lost)",
                    files.keySet());
        } catch (RuntimeException | Error e) {
            if (Thread.currentThread().isInterrupted()) {
                Log.infof("evaluation of run %s interrupted by shutdown; another replica or the next start evaluates it", runId);
                return;
            }
            Log.errorf(e, "evaluation of run %s failed", runId);
            String message = "evaluation failed: " + io.clirbench.core.io.FailureMessage.of(e);
            finish(runId, owner, EvaluationState.FAILED, message, (System.nanoTime() - start) / 1_000_000, null);
        }
    }

    /** Fails a run whose evaluation was claimed too often (every claimant stopped first); true when it was failed here. */
    boolean abandon(String runId, String message) {
        return db.inTransaction(c -> {
            runs.lock(c, runId, System.currentTimeMillis());
            queue.remove(c, runId);
            return runs.finish(c, runId, EvaluationState.EVALUATING, EvaluationState.FAILED, message, System.currentTimeMillis(), null);
        });
    }

    private boolean finish(String runId, String owner, EvaluationState to, String message, long millis, Map<String, String> files) {
        return db.inTransaction(c -> {
            runs.lock(c, runId, System.currentTimeMillis());
            if (!queue.holds(c, runId, owner)) {
                return false; // another replica took the run over after this one's lease expired
            }
            if (files != null) {
                reports.save(c, runId, files);
            }
            queue.remove(c, runId);
            return runs.finish(c, runId, EvaluationState.EVALUATING, to, message, System.currentTimeMillis(), millis);
        });
    }

    /** The report files, built as {@code bench eval} builds them: one run per retriever, in RunStarted's order. */
    private Map<String, String> render(String runId) {
        var row = db.inTransaction(c -> runs.find(c, runId).orElseThrow());
        RunStarted started = Events.storedStarted(row.started());
        // retrievers that failed while the others went on (RunCompleted.failed_retrievers): named, not evaluated
        Map<String, String> failed = row.completed() == null ? Map.of()
                : Events.storedCompleted(row.completed()).getFailedRetrieversMap();
        JudgedDataset dataset = datasets.load(started);
        int depth = started.getDepth();
        long seed = started.getSeed();
        RunEvaluator evaluator = dataset.evaluator(
LanguageMetricsConfig.defaults(depth).withSeed(seed), List.of());
        List<RunEvaluation> evaluations = new ArrayList<>();
        for (Retriever retriever : started.getRetrieversList()) {
            if (failed.containsKey(retriever.getId())) {
                continue;
            }
            // A query the retriever found nothing for is a run without a list for it, as in a TREC file
            // (which cannot hold an empty list): the metrics are the same either way (0 in §1, nothing
            // retrieved in §2), and so is the report's count of run queries.
            var retrieverLists = db.inTransaction(c -> lists.load(c, dataset, runId, retriever.getId())).stream()
                    .filter(list -> list.size() > 0)
                    .toList();
            evaluations.add(evaluator.evaluate(retriever.getId(), "run " + runId + " retriever " + retriever.getId(),
                    retrieverLists));
        }
        EvalReport report = RetrievalEvaluation.evaluate(dataset.dataset(), evaluator, evaluations, depth,
                Stats.of(started.getBootstrap(), seed), line -> Log.infof("run %s %s", runId, line))
                .withTranslationRoutes(withoutFailed(io.clirbench.eval.mapping.RouteMapper.routes(started), failed))
                .withFailedRetrievers(new java.util.TreeMap<>(failed))
                .withDatasetHash(datasets.hash(started));
        return ReportBundle.render(report);
    }

    private static <V> Map<String, V> withoutFailed(Map<String, V> byRetriever, Map<String, String> failed) {
        Map<String, V> kept = new java.util.LinkedHashMap<>(byRetriever);
        kept.keySet().removeAll(failed.keySet());
        return kept;
    }
}
