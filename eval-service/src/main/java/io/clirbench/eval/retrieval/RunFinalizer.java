package io.clirbench.eval.retrieval;

import io.clirbench.core.efficiency.Efficiency;
import io.clirbench.core.eval.CorpusIds;
import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.report.ReportBundle;
import io.clirbench.core.stats.Stats;
import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.PillarEvaluation;
import io.clirbench.service.store.Database;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The retrieval pillar's evaluation ({@link PillarEvaluation}): the report of a complete run, computed exactly as
 * {@code bench eval} does on the same lists, one run per retriever in RunStarted's order. The pipeline's
 * {@link io.clirbench.eval.pipeline.EvaluationRunner} claims, stores and ends it.
 */
@ApplicationScoped
public class RunFinalizer implements PillarEvaluation {

    private final Database db;
    private final EvaluationStore runs;
    private final RunLists lists;
    private final DatasetCache datasets;
    private final ResultStore results;

    public RunFinalizer(Database db, EvaluationStore runs, RunLists lists, DatasetCache datasets, ResultStore results) {
        this.db = db;
        this.runs = runs;
        this.lists = lists;
        this.datasets = datasets;
        this.results = results;
    }

    @Override
    public EvaluationKind kind() {
        return EvaluationKind.RETRIEVAL;
    }

    @Override
    public void lock(Connection c, String runId) throws SQLException {
        runs.lock(c, runId, System.currentTimeMillis());
    }

    @Override
    public boolean finish(Connection c, String runId, EvaluationState to, String message, Long evaluationMillis)
            throws SQLException {
        return runs.finish(c, runId, EvaluationState.EVALUATING, to, message, System.currentTimeMillis(), evaluationMillis);
    }

    @Override
    public List<String> evaluating(Connection c) throws SQLException {
        return runs.idsInState(c, EvaluationState.EVALUATING);
    }

    /** The stored lists over every retriever, resampled B times. */
    @Override
    public long cost(Connection c, String runId) throws SQLException {
        RunStarted started = Events.storedStarted(runs.find(c, runId).orElseThrow().started());
        long stored = results.counts(c, runId, true).values().stream().mapToLong(Integer::longValue).sum();
        return EvaluationCost.of(stored, started.getBootstrap());
    }

    /** The report files, built as {@code bench eval} builds them: one run per retriever, in RunStarted's order. */
    @Override
    public Map<String, String> render(String runId) {
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
        checkCorpus(runId, started);
        CorpusIds corpus = dataset.corpusIds();
        List<RunEvaluation> evaluations = new ArrayList<>();
        for (Retriever retriever : started.getRetrieversList()) {
            if (failed.containsKey(retriever.getId())) {
                continue;
            }
            // A query the retriever found nothing for is a run without a list for it, as in a TREC file
            // (which cannot hold an empty list): the metrics are the same either way (0 in §1, nothing
            // retrieved in §2), and so is the report's count of run queries. The lists are read a page at a
            // time and reduced one by one (issue 40): memory does not grow with the run.
            evaluations.add(evaluator.evaluatePacked(retriever.getId(), "run " + runId + " retriever " + retriever.getId(),
                    corpus, sink -> lists.forEach(runId, retriever.getId(), corpus, list -> {
                        if (list.size() > 0) {
                            sink.accept(list);
                        }
                    })));
        }
        EvalReport report = RetrievalEvaluation.evaluate(dataset.dataset(), evaluator, evaluations, depth,
                Stats.of(started.getBootstrap(), seed), line -> Log.infof("run %s %s", runId, line))
                .withTranslationRoutes(withoutFailed(io.clirbench.eval.retrieval.RouteMapper.routes(started), failed))
                .withFailedRetrievers(new java.util.TreeMap<>(failed))
                .withDatasetHash(datasets.hash(started));
        return ReportBundle.render(report.withEfficiency(efficiency(runId, started, row.completed(), failed)));
    }

    /**
     * Per evaluated retriever, in RunStarted's order, what it cost (README "Efficiency"): what the gateway measured
     * (RunCompleted.costs) and the latency percentiles of its stored results. Efficiency is beside the quality numbers,
     * not part of them: whatever goes wrong here leaves the block out and the report as it is.
     */
    private Map<String, Efficiency> efficiency(String runId, RunStarted started, byte[] completed, Map<String, String> failed) {
        try {
            Map<String, io.clirbench.core.efficiency.RetrieverCost> costs =
                    CostMapper.costs(completed == null ? null : Events.storedCompleted(completed));
            Map<String, Efficiency> out = new java.util.LinkedHashMap<>();
            db.inTransaction(c -> {
                for (Retriever retriever : started.getRetrieversList()) {
                    if (!failed.containsKey(retriever.getId())) {
                        out.put(retriever.getId(), Efficiency.of(costs.get(retriever.getId()),
                                results.latencies(c, runId, retriever.getId())));
                    }
                }
                return null;
            });
            return out;
        } catch (RuntimeException e) {
            Log.warnf(e, "run %s: the report goes without its efficiency block", runId);
            return Map.of();
        }
    }

    /**
     * Refuses to read packed hits against other files than those they were packed against: their document indexes
     * follow the corpus order of the files whose hash RunStarted's arrival recorded (none recorded: a run stored before
     * packing, whose rows keep their protobuf).
     */
    private void checkCorpus(String runId, RunStarted started) {
        String packedAgainst = db.inTransaction(c -> runs.corpusHash(c, runId)).orElse(null);
        String now = datasets.hash(started);
        if (packedAgainst != null && !packedAgainst.equals(now)) {
            throw new IllegalStateException("run '" + runId + "': its results were stored against the dataset files with "
                    + "hash " + packedAgainst + ", but the files at '" + started.getDatasetLocation() + "' now hash to " + now
                    + "; restore those files to evaluate it");
        }
    }

    private static <V> Map<String, V> withoutFailed(Map<String, V> byRetriever, Map<String, String> failed) {
        Map<String, V> kept = new java.util.LinkedHashMap<>(byRetriever);
        kept.keySet().removeAll(failed.keySet());
        return kept;
    }
}
