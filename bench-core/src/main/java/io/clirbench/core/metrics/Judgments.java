package io.clirbench.core.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What section 1 reads of the judgments (METRICS.md section 1): the judged queries in qrels order and, per query, its
 * grades. Implemented over maps ({@link #of}) and, for bare qrels files, by the compact table the TREC qrels reader
 * builds without a String per judgment.
 */
public interface Judgments {

    /** The judged queries, in qrels order (the section-1 mean is over these). */
    List<String> queryIds();

    /** The grades above 0 of a judged query, ascending (the ideal DCG's gains and the relevant count); null when not judged. */
    int[] positiveGradesAscending(String queryId);

    /** Document id to grade for a judged query; null when not judged. A grade of 0 or below: judged non-relevant. */
    Map<String, Integer> grades(String queryId);

    /** The documents judged non-relevant (grade 0 or below) for a judged query ({@code bpref}'s N); 0 when not judged. */
    default int nonRelevantCount(String queryId) {
        Map<String, Integer> grades = grades(queryId);
        int n = 0;
        if (grades != null) {
            for (int g : grades.values()) {
                n += g <= 0 ? 1 : 0;
            }
        }
        return n;
    }

    /** Judgments read from maps: query id to document id to grade, in qrels order (not copied). */
    static Judgments of(Map<String, Map<String, Integer>> gradesByQuery) {
        Objects.requireNonNull(gradesByQuery, "gradesByQuery");
        List<String> ids = List.copyOf(gradesByQuery.keySet());
        return new Judgments() {
            @Override
            public List<String> queryIds() {
                return ids;
            }

            @Override
            public int[] positiveGradesAscending(String queryId) {
                Map<String, Integer> grades = gradesByQuery.get(queryId);
                return grades == null ? null : positiveAscending(grades.values());
            }

            @Override
            public Map<String, Integer> grades(String queryId) {
                return gradesByQuery.get(queryId);
            }
        };
    }

    /**
     * The gold grades of a dataset's queries ({@code gold}: the relevant documents, family-expanded where the dataset
     * says so) with the documents the raw qrels judge non-relevant (grade 0 or below) and the gold does not hold, at
     * grade 0: what {@code bpref} and {@code Judged@k} read. Both maps in qrels order, the same queries.
     */
    static Judgments withNonRelevant(Map<String, Map<String, Integer>> gold, Map<String, Map<String, Integer>> raw) {
        return of(gradesWithNonRelevant(gold, raw));
    }

    /** The grades of {@link #withNonRelevant} as maps: query id to document id to grade, in qrels order. */
    static Map<String, Map<String, Integer>> gradesWithNonRelevant(Map<String, Map<String, Integer>> gold,
                                                                   Map<String, Map<String, Integer>> raw) {
        Map<String, Map<String, Integer>> merged = new java.util.LinkedHashMap<>();
        gold.forEach((queryId, relevant) -> {
            Map<String, Integer> grades = new java.util.LinkedHashMap<>(relevant);
            raw.getOrDefault(queryId, Map.of()).forEach((doc, grade) -> {
                if (grade <= 0) {
                    grades.putIfAbsent(doc, 0);
                }
            });
            merged.put(queryId, java.util.Collections.unmodifiableMap(grades));
        });
        return java.util.Collections.unmodifiableMap(merged);
    }

    /** The grades above 0 of {@code grades}, ascending (a loop, not a stream: it runs once per judged query). */
    private static int[] positiveAscending(java.util.Collection<Integer> grades) {
        int[] positive = new int[grades.size()];
        int n = 0;
        for (int g : grades) {
            if (g > 0) {
                positive[n++] = g;
            }
        }
        int[] result = Arrays.copyOf(positive, n);
        Arrays.sort(result);
        return result;
    }
}
