package io.clirbench.core.metrics;

import java.util.List;
import java.util.Map;

/**
 * The section-1 evaluation of one run (METRICS.md section 1, trec_eval -c).
 *
 * @param measureNames      the measures, in the order of every values array
 * @param perQuery          every judged query (qrels order) to its values
 * @param means             the mean of each measure over the {@code queryCount} judged queries
 * @param queryCount        the number of judged queries (trec_eval num_q)
 * @param ignoredRunQueries run queries absent from the qrels, left out
 */
public record StandardResult(List<String> measureNames, Map<String, double[]> perQuery, double[] means,
                             int queryCount, int ignoredRunQueries) {
}
