package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.stats.F1Interval;
import io.clirbench.core.qa.stats.PairedComparison;
import io.clirbench.core.qa.stats.QaStatistics;
import java.util.List;
import java.util.Map;

/**
 * Everything a QA report shows: the dataset, the protocol, one result per prediction file (by name, in
 * command-line order) and the statistics ({@code null} when turned off).
 *
 * @param dataset    dataset id
 * @param protocol   the protocol
 * @param systems    results by system name
 * @param files      the prediction file of each system, by name
 * @param statistics intervals and tests, or {@code null}
 * @param replicates bootstrap resamples used (0 when off)
 * @param seed       the seed of every resampling
 */
public record QaRun(String dataset, Protocol protocol, Map<String, QaResult> systems, Map<String, String> files,
                    QaStatistics.Outcome statistics, int replicates, long seed) {

    /** The registry the results were measured with (every system's is the same). */
    public QaMeasures measures() {
        return systems.values().iterator().next().measures();
    }

    /** The interval of one system, domain and measure (by key, e.g. {@code answer_f1}), or {@code null}. */
    public F1Interval interval(String system, String domain, String measure) {
        if (statistics == null) {
            return null;
        }
        for (F1Interval i : statistics.intervals()) {
            if (i.system().equals(system) && i.domain().equals(domain) && i.measure().equals(measure)) {
                return i;
            }
        }
        return null;
    }

    /** The paired comparisons (empty without statistics or with one system). */
    public List<PairedComparison> comparisons() {
        return statistics == null ? List.of() : statistics.comparisons();
    }
}
