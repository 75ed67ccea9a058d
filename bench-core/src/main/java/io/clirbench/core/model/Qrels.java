package io.clirbench.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Relevance judgments: for each query id, document id to graded relevance, in file order.
 * A grade above 0 marks the document relevant (METRICS.md section 1). Held as maps, or in a
 * reader's compact form ({@link Compact}) whose maps are built only when someone asks for them.
 */
public final class Qrels {

    /**
     * Judgments in a reader's own compact form (e.g. a large TREC qrels file, without a String and a map entry per
     * line), which an evaluator may read directly.
     */
    public interface Compact {

        /** The judged query ids, in file order, each once. */
        List<String> queryIds();

        /** The number of judgments. */
        int size();

        /** The judgments as fresh maps: query id to document id to grade, in file order. */
        Map<String, Map<String, Integer>> toMaps();
    }

    private final Compact compact;
    private volatile Map<String, Map<String, Integer>> byQuery;
    private volatile Set<String> queryIds;

    private Qrels(Map<String, Map<String, Integer>> byQuery, Compact compact) {
        this.byQuery = byQuery;
        this.compact = compact;
    }

    /** Copies the given judgments (query id to document id to grade), keeping their order. */
    public static Qrels of(Map<String, ? extends Map<String, Integer>> judgments) {
        Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
        judgments.forEach((q, docs) -> copy.put(q, Collections.unmodifiableMap(new LinkedHashMap<>(docs))));
        return new Qrels(Collections.unmodifiableMap(copy), null);
    }

    /**
     * Wraps judgments a reader has just built and hands over (no copy: a large qrels file is not
     * copied twice); the caller must not change the maps afterwards.
     */
    public static Qrels adopt(Map<String, Map<String, Integer>> judgments) {
        return new Qrels(wrap(judgments), null);
    }

    /** Judgments in a compact form; the caller must not change it afterwards. */
    public static Qrels adopt(Compact compact) {
        return new Qrels(null, java.util.Objects.requireNonNull(compact, "compact"));
    }

    private static Map<String, Map<String, Integer>> wrap(Map<String, Map<String, Integer>> judgments) {
        Map<String, Map<String, Integer>> wrapped = new LinkedHashMap<>();
        judgments.forEach((q, docs) -> wrapped.put(q, Collections.unmodifiableMap(docs)));
        return Collections.unmodifiableMap(wrapped);
    }

    /** The compact form these judgments were read in; null when they are held as maps. */
    public Compact compact() {
        return compact;
    }

    /** The judged query ids, in file order. */
    public Set<String> queryIds() {
        if (compact == null) {
            return byQuery.keySet();
        }
        Set<String> ids = queryIds;
        if (ids == null) {
            ids = Collections.unmodifiableSet(new LinkedHashSet<>(compact.queryIds()));
            queryIds = ids;
        }
        return ids;
    }

    /** The judgments of one query (document id to grade); empty when the query has none. */
    public Map<String, Integer> judgments(String queryId) {
        return asMap().getOrDefault(queryId, Map.of());
    }

    /** All judgments, query id to document id to grade (unmodifiable; built on first use from a compact form). */
    public Map<String, Map<String, Integer>> asMap() {
        Map<String, Map<String, Integer>> maps = byQuery;
        if (maps == null) {
            synchronized (this) {
                maps = byQuery;
                if (maps == null) {
                    maps = wrap(compact.toMaps());
                    byQuery = maps;
                }
            }
        }
        return maps;
    }

    /** The number of judgment lines. */
    public int size() {
        return compact != null ? compact.size() : byQuery.values().stream().mapToInt(Map::size).sum();
    }
}
