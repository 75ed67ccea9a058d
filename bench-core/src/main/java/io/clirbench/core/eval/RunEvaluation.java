package io.clirbench.core.eval;

import io.clirbench.core.metrics.language.QueryOutcome;
import java.util.List;

/**
 * A run's report plus the per-query outcomes behind its §2 numbers, kept for the cross-run
 * statistics of METRICS.md §3 (empty without a dataset).
 *
 * @param report   the run's report
 * @param outcomes one outcome per query with gold, in the dataset's qrels order
 */
public record RunEvaluation(RunReport report, List<QueryOutcome> outcomes) {
}
