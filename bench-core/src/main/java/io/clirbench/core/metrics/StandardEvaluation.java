package io.clirbench.core.metrics;

import io.clirbench.core.run.RankedList;

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
    private final Judgments judgments;
    private final Map<String, double[]> scored = new HashMap<>();
    private int ignoredRunQueries;

    /** {@code gradesByQuery}: the judged queries in qrels order, each document id to grade. */
    public StandardEvaluation(StandardMeasures measures, Map<String, Map<String, Integer>> gradesByQuery) {
        this(measures, Judgments.of(gradesByQuery));
    }

    /** Section 1 over {@code judgments}. */
    public StandardEvaluation(StandardMeasures measures, Judgments judgments) {
        this.measures = Objects.requireNonNull(measures, "measures");
        this.judgments = Objects.requireNonNull(judgments, "judgments");
    }

    /** Scores one query's list; a query absent from the qrels is only counted. A query may come once. */
    public void accept(RankedList list) {
        Map<String, Integer> grades = judgments.grades(list.queryId());
        if (grades == null) {
            ignoredRunQueries++;
            return;
        }
        String[] ids = list.docIds();
        int[] gain = new int[ids.length];
        int[] nonRelevantRanks = new int[measures.readsNonRelevant() ? ids.length : 0];
        int nonRelevant = 0;
        for (int i = 0; i < ids.length; i++) {
            Integer g = grades.get(ids[i]);
            gain[i] = g == null || g < 0 ? 0 : g;
            if (g != null && g <= 0 && nonRelevantRanks.length > 0) {
                nonRelevantRanks[nonRelevant++] = i + 1;
            }
        }
        int judgedNonRelevant = measures.readsNonRelevant() ? judgments.nonRelevantCount(list.queryId()) : 0;
        record(list.queryId(), measures.score(gain, java.util.Arrays.copyOf(nonRelevantRanks, nonRelevant),
                judgments.positiveGradesAscending(list.queryId()), judgedNonRelevant));
    }

    /**
     * Scores one query's list given only where its target documents rank (the fast run
     * scanner's view): {@code size} entries, and the document at 1-based rank {@code ranks[i]}
     * has grade {@code grades[i]}; a grade of 0 marks a judged non-relevant document, which the
     * scanner reports only when the measures {@linkplain StandardMeasures#readsNonRelevant read them};
     * every other entry is unjudged. The same values as {@link #accept(RankedList)} on the full list.
     */
    public void accept(String queryId, int size, int[] ranks, int[] grades) {
        int[] positive = judgments.positiveGradesAscending(queryId);
        if (positive == null) {
            ignoredRunQueries++;
            return;
        }
        // no list of `size` gains: the measures need only the target ranks (the scan's lists are 1,000 long, their hits few)
        int judgedNonRelevant = measures.readsNonRelevant() ? judgments.nonRelevantCount(queryId) : 0;
        record(queryId, measures.scoreRanks(size, ranks, grades, positive, judgedNonRelevant));
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
        for (String q : judgments.queryIds()) {
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
