package io.clirbench.eval.retrieval;

import java.util.List;
import java.util.Map;

/**
 * One stored query result: hits in trec_eval order and the per-query values computed on arrival.
 *
 * @param validated      false while it waits for the run's RunStarted (no values yet)
 * @param values         §1 measure name to value (empty for an unjudged query)
 * @param firstSameRank  best rank of a same-language gold document within the depth, or {@code null}
 * @param firstCrossRank best rank of a cross-language gold document within the depth, or {@code null}
 */
public record QueryView(String runId, String retrieverId, String queryId, boolean validated, long latencyMicros,
                        List<HitView> hits, Map<String, Double> values, Integer firstSameRank, Integer firstCrossRank) {

    public record HitView(int rank, String docId, double score) {
    }
}
