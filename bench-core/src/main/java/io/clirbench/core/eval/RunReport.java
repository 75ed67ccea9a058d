package io.clirbench.core.eval;

import io.clirbench.core.metrics.StandardResult;
import io.clirbench.core.metrics.language.LanguageMetrics;
import java.util.Map;

/**
 * Everything measured on one run.
 *
 * @param name              the run's name (from its file name unless given)
 * @param file              the run file as given
 * @param standard          METRICS.md §1 measures: per query and trec_eval {@code -c} means
 * @param language          METRICS.md §2 numbers over every query with gold; {@code null} without a dataset
 * @param slices            slice key → slice value → §2 numbers on that subset of queries
 * @param runQueries        query lists read from the run file
 * @param ignoredRunQueries run queries that are not judged in the qrels (ignored, as trec_eval does)
 * @param unknownDocuments  retrieved ids within the depth that are not in the corpus (0 without a dataset)
 */
public record RunReport(String name, String file, StandardResult standard, LanguageMetrics language,
                        Map<String, Map<String, LanguageMetrics>> slices, int runQueries, int ignoredRunQueries,
                        long unknownDocuments) {
}
