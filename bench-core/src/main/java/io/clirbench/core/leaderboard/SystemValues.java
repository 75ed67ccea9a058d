package io.clirbench.core.leaderboard;

import io.clirbench.core.model.Query;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-query values of each system and measure, aligned on the judged queries: {@code of(measure)[system][query]}.
 * A query missing from a system's report scores 0 there (METRICS.md §1: a qrels query missing from the run scores 0).
 */
final class SystemValues {

    private final List<Query> judged;
    private final Map<String, double[][]> byMeasure = new HashMap<>();

    SystemValues(List<LeaderboardSystem> systems, List<Query> judged, List<String> measures) {
        this.judged = judged;
        for (String measure : measures) {
            double[][] values = new double[systems.size()][judged.size()];
            for (int s = 0; s < systems.size(); s++) {
                LeaderboardSystem system = systems.get(s);
                int column = system.measureNames().indexOf(measure);
                for (int q = 0; q < judged.size(); q++) {
                    double[] row = system.perQuery().get(judged.get(q).id());
                    if (row != null && row.length != system.measureNames().size()) {
                        throw new IllegalArgumentException("run " + system.runId() + " retriever " + system.retriever()
                                + ": query '" + judged.get(q).id() + "' has " + row.length + " values for "
                                + system.measureNames().size() + " measures");
                    }
                    values[s][q] = row == null ? 0 : row[column];
                    if (!Double.isFinite(values[s][q])) {
                        throw new IllegalArgumentException("run " + system.runId() + " retriever " + system.retriever()
                                + ": query '" + judged.get(q).id() + "' has " + measure + " = " + values[s][q]
                                + " (a finite number expected)");
                    }
                }
            }
            byMeasure.put(measure, values);
        }
    }

    /** {@code [system][query]} values of one measure. */
    double[][] of(String measure) {
        return byMeasure.get(measure);
    }

    /** One system's values of one measure. */
    double[] of(String measure, int system) {
        return byMeasure.get(measure)[system];
    }

    /** The judged queries, in the order of every value array. */
    List<Query> judged() {
        return judged;
    }
}
