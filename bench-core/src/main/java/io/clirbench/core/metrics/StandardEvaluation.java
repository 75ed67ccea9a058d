package io.clirbench.core.metrics;

import io.clirbench.core.run.RankedList;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * trec_eval -c aggregation over a stream of ranked lists (METRICS.md section 1): every judged
 * query counts in the mean, scoring 0 when the run lacks it or it has no relevant document;
 * run queries without judgments are ignored and counted. Not thread-safe: feed it from one thread.
 */
public final class StandardEvaluation {

    private final StandardMeasures measures;
    private final Map<String, Map<String, Integer>> gradesByQuery;
    private final Map<String, int[]> positiveGrades = new HashMap<>();
    private final Map<String, double[]> scored = new HashMap<>();
    private int ignoredRunQueries;

    /** {@code gradesByQuery}: the judged queries in qrels order, each document id to grade. */
    public StandardEvaluation(StandardMeasures measures, Map<String, Map<String, Integer>> gradesByQuery) {
        this.measures = Objects.requireNonNull(measures, "measures");
        this.gradesByQuery = Objects.requireNonNull(gradesByQuery, "gradesByQuery");
        gradesByQuery.forEach((q, grades) -> positiveGrades.put(q, positiveAscending(grades)));
    }

    /** The grades above 0, ascending (a loop, not a stream: it runs once per judged query). */
    private static int[] positiveAscending(Map<String, Integer> grades) {
        int[] positive = new int[grades.size()];
        int n = 0;
        for (int g : grades.values()) {
            if (g > 0) {
                positive[n++] = g;
            }
        }
        int[] result = Arrays.copyOf(positive, n);
        Arrays.sort(result);
        return result;
    }

    /** Scores one query's list; a query absent from the qrels is only counted. A query may come once. */
    public void accept(RankedList list) {
        Map<String, Integer> grades = gradesByQuery.get(list.queryId());
        if (grades == null) {
            ignoredRunQueries++;
            return;
        }
        String[] ids = list.docIds();
        int[] gain = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            Integer g = grades.get(ids[i]);
            gain[i] = g == null || g < 0 ? 0 : g;
        }
        record(list.queryId(), measures.score(gain, positiveGrades.get(list.queryId())));
    }

    /**
     * Scores one query's list given only where its relevant documents rank (the fast run
     * scanner's view): {@code size} entries, and the document at 1-based rank {@code ranks[i]}
     * has grade {@code grades[i]} (every other entry is not relevant). The same values as
     * {@link #accept(RankedList)} on the full list.
     */
    public void accept(String queryId, int size, int[] ranks, int[] grades) {
        if (!gradesByQuery.containsKey(queryId)) {
            ignoredRunQueries++;
            return;
        }
        // no list of `size` gains: the measures need only the relevant ranks (the scan's lists are 1,000 long, their hits few)
        record(queryId, measures.scoreRanks(ranks, grades, positiveGrades.get(queryId)));
    }

    private void record(String queryId, double[] values) {
        if (scored.putIfAbsent(queryId, values) != null) {
            throw new IllegalArgumentException("query '" + queryId + "' was given twice");
        }
    }

    /** The per-query values and the means over every judged query. */
    public StandardResult finish() {
        int m = measures.names().size();
        Map<String, double[]> perQuery = new LinkedHashMap<>();
        double[] sums = new double[m];
        for (String q : gradesByQuery.keySet()) {
            double[] values = scored.getOrDefault(q, new double[m]);
            perQuery.put(q, values.clone());
            for (int i = 0; i < m; i++) {
                sums[i] += values[i];
            }
        }
        int n = perQuery.size();
        for (int i = 0; i < m; i++) {
            sums[i] = n == 0 ? 0 : sums[i] / n;
        }
        return new StandardResult(measures.names(), Collections.unmodifiableMap(perQuery), sums, n, ignoredRunQueries);
    }
}
