package io.clirbench.eval.evaluation;

import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.eval.DatasetEvaluation;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.report.ReportBundle;
import io.clirbench.eval.mapping.Events;
import io.clirbench.eval.store.Database;
import io.clirbench.eval.store.ReportStore;
import io.clirbench.eval.store.EvaluationState;
import io.clirbench.eval.store.EvaluationStore;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Computes the report of a complete run on a worker thread, exactly as {@code bench eval} does on
 * the same lists, and stores every rendered file. The state lives in the database: a run left in
 * EVALUATING by a restart is evaluated again at startup. Any failure ends the run FAILED with its message.
 */
@ApplicationScoped
public class RunFinalizer {

    private final Database db;
    private final EvaluationStore runs;
    private final ReportStore reports;
    private final RunLists lists;
    private final DatasetCache datasets;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "eval-finalizer");
        thread.setDaemon(true);
        return thread;
    });

    public RunFinalizer(Database db, EvaluationStore runs, ReportStore reports, RunLists lists, DatasetCache datasets) {
        this.db = db;
        this.runs = runs;
        this.reports = reports;
        this.lists = lists;
        this.datasets = datasets;
    }

    void onStart(@Observes StartupEvent event) {
        resumeEvaluations();
    }

    /** Evaluates every run left in EVALUATING (by a restart); package-visible for the recovery test. */
    void resumeEvaluations() {
        List<String> pending = db.inTransaction(c -> runs.idsInState(c, EvaluationState.EVALUATING));
        if (!pending.isEmpty()) {
            Log.infof("evaluating %d run(s) left in EVALUATING: %s", pending.size(), pending);
        }
        pending.forEach(this::submit);
    }

    /** Queues the evaluation of a run that is in EVALUATING. */
    public void submit(String runId) {
        worker.execute(() -> evaluate(runId));
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }

    private void evaluate(String runId) {
        long start = System.nanoTime();
        try {
            Map<String, String> files = render(runId);
            long millis = (System.nanoTime() - start) / 1_000_000;
            db.inTransaction(c -> {
                reports.save(c, runId, files);
                return runs.finish(c, runId, EvaluationState.EVALUATING, EvaluationState.COMPLETED, null, System.currentTimeMillis(), millis);
            });
            Log.infof("run %s evaluated in %d ms: %s", runId, millis, files.keySet());
        } catch (RuntimeException | Error e) {
            if (Thread.currentThread().isInterrupted()) {
                Log.infof("evaluation of run %s interrupted by shutdown; it runs again at the next start", runId);
                return;
            }
            Log.errorf(e, "evaluation of run %s failed", runId);
            String message = "evaluation failed: " + io.clirbench.core.io.FailureMessage.of(e);
            db.inTransaction(c -> runs.finish(c, runId, EvaluationState.EVALUATING, EvaluationState.FAILED, message,
                    System.currentTimeMillis(), (System.nanoTime() - start) / 1_000_000));
        }
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
        EvalReport report = DatasetEvaluation.report(dataset.dataset(), evaluator, evaluations, depth, seed,
                started.getBootstrap(), line -> Log.infof("run %s %s", runId, line))
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
