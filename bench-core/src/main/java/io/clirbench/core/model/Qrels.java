package io.clirbench.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Relevance judgments: for each query id, document id to graded relevance, in file order.
 * A grade above 0 marks the document relevant (METRICS.md section 1).
 */
public final class Qrels {

    private final Map<String, Map<String, Integer>> byQuery;

    private Qrels(Map<String, Map<String, Integer>> byQuery) {
        this.byQuery = byQuery;
    }

    /** Copies the given judgments (query id to document id to grade), keeping their order. */
    public static Qrels of(Map<String, ? extends Map<String, Integer>> judgments) {
        Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
        judgments.forEach((q, docs) -> copy.put(q, Collections.unmodifiableMap(new LinkedHashMap<>(docs))));
        return new Qrels(Collections.unmodifiableMap(copy));
    }

    /**
     * Wraps judgments a reader has just built and hands over (no copy: a large qrels file is not
     * copied twice); the caller must not change the maps afterwards.
     */
    public static Qrels adopt(Map<String, Map<String, Integer>> judgments) {
        Map<String, Map<String, Integer>> wrapped = new LinkedHashMap<>();
        judgments.forEach((q, docs) -> wrapped.put(q, Collections.unmodifiableMap(docs)));
        return new Qrels(Collections.unmodifiableMap(wrapped));
    }

    /** The judged query ids, in file order. */
    public Set<String> queryIds() {
        return byQuery.keySet();
    }

    /** The judgments of one query (document id to grade); empty when the query has none. */
    public Map<String, Integer> judgments(String queryId) {
        return byQuery.getOrDefault(queryId, Map.of());
    }

    /** All judgments, query id to document id to grade (unmodifiable). */
    public Map<String, Map<String, Integer>> asMap() {
        return byQuery;
    }

    /** The number of judgment lines. */
    public int size() {
        return byQuery.values().stream().mapToInt(Map::size).sum();
    }
}
