package io.clirbench.gateway.leaderboard;

import io.clirbench.core.leaderboard.Leaderboard;
import io.clirbench.core.leaderboard.LeaderboardBuilder;
import io.clirbench.core.leaderboard.LeaderboardSystem;
import io.clirbench.core.leaderboard.ReportSystems;
import io.clirbench.core.model.Query;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.stats.Stats;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.dataset.DatasetRegistry;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunOrchestrator;
import io.clirbench.gateway.run.RunSnapshot;
import io.clirbench.gateway.run.RunSnapshotStore;
import io.clirbench.service.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The leaderboard of a registered dataset (README "Leaderboard"): every COMPLETED retrieval run on it, each retriever
 * one system, read from the report.json the eval-service keeps, ranked by bench-core {@link LeaderboardBuilder} with
 * B = 10,000 and seed 42. Only runs evaluated against the dataset's registered content hash are ranked.
 */
@ApplicationScoped
public class LeaderboardService {

    /** The measures shown when a request names none: the ranking measure first. */
    public static final List<String> DEFAULT_MEASURES = List.of("nDCG@10", "R@100");
    /** Confidence level of the rank intervals. */
    static final double LEVEL = 0.95;

    private final DatasetRegistry datasets;
    private final RunSnapshotStore runs;
    private final EvalClient eval;

    LeaderboardService(DatasetRegistry datasets, RunSnapshotStore runs, EvalClient eval) {
        this.datasets = datasets;
        this.runs = runs;
        this.eval = eval;
    }

    /**
     * The leaderboard of {@code datasetId} over {@code measures} (the defaults when empty). An unknown dataset is a 404;
     * a measure no report has is a 400 naming it; an eval-service that cannot be reached is a 502.
     */
    public Leaderboard of(String datasetId, List<String> measures) {
        List<String> shown = measures == null || measures.isEmpty() ? DEFAULT_MEASURES : List.copyOf(measures);
        DatasetRegistry.Pinned pinned = datasets.pinned(datasetId);
        List<LeaderboardSystem> systems = new ArrayList<>();
        List<Leaderboard.Excluded> unread = new ArrayList<>();
        for (RunSnapshot run : runs.inState(RunLifecycle.COMPLETED)) {
            if (!run.dataset().equals(datasetId)) {
                continue;
            }
            try {
                systems.addAll(ReportSystems.read(run.id(), report(run.id())));
            } catch (IllegalArgumentException e) {
                unread.add(new Leaderboard.Excluded(run.id(), "*", e.getMessage()));
            }
        }
        checkMeasures(shown, systems);
        Map<String, Query> queries = new LinkedHashMap<>();
        pinned.dataset().queries().forEach(q -> queries.put(q.id(), q));
        try {
            return new LeaderboardBuilder(Stats.DEFAULT, LEVEL).build(datasetId, pinned.hash(), shown, queries, systems)
                    .withExcluded(unread);
        } catch (IllegalArgumentException e) {
            throw ApiException.conflict("the stored reports disagree with dataset '" + datasetId + "': " + e.getMessage());
        }
    }

    private static void checkMeasures(List<String> measures, List<LeaderboardSystem> systems) {
        if (systems.isEmpty()) {
            return;
        }
        for (String measure : measures) {
            if (systems.stream().noneMatch(s -> s.measureNames().contains(measure))) {
                throw ApiException.badRequest("no report of this dataset has measure '" + measure + "'",
                        List.of(new ApiException.FieldError("measure", measure, "one of "
                                + systems.get(0).measureNames())));
            }
        }
    }

    /** The run's report.json at the eval-service; one it does not have is an IllegalArgumentException (left out). */
    private byte[] report(String runId) {
        HttpResponse<byte[]> r;
        try {
            r = eval.get(RunOrchestrator.EVAL_COLLECTION + EvalClient.encode(runId) + "/files/" + ReportFiles.JSON);
        } catch (IOException e) {
            throw new ApiException(502, "Bad Gateway", "eval-service at " + eval.base() + " is not reachable: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "Service Unavailable", "interrupted");
        }
        if (r.statusCode() != 200) {
            throw new IllegalArgumentException("run " + runId + ": the eval-service answered " + r.statusCode()
                    + " for its " + ReportFiles.JSON);
        }
        return r.body();
    }
}
