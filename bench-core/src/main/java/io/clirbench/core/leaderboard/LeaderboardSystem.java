package io.clirbench.core.leaderboard;

import java.util.List;
import java.util.Map;

/**
 * One system of a leaderboard: a retriever of one run, with the per-query values of its report
 * ({@code report.json} → {@code runs[].standard}) and the content hash of the dataset it was evaluated against.
 *
 * @param runId       the run
 * @param retriever   the retriever's id (the report's run name)
 * @param datasetHash {@code report.json} → {@code dataset.hash}; {@code null} when the report has none
 * @param measureNames the measures, in the order of every values array ({@code standard.measureNames})
 * @param perQuery     every judged query to its METRICS.md §1 values ({@code standard.perQuery})
 */
public record LeaderboardSystem(String runId, String retriever, String datasetHash, List<String> measureNames,
                                Map<String, double[]> perQuery) {

    public LeaderboardSystem {
        measureNames = List.copyOf(measureNames);
        perQuery = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(perQuery));
    }

    /** {@code run/retriever}, as tables and messages name the system. */
    public String label() {
        return runId + "/" + retriever;
    }
}
