package io.clirbench.core.metrics.language;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import java.util.HashMap;
import java.util.Map;

/**
 * Where one query's gold documents landed in a run, censored at depth {@code N} (METRICS.md §2):
 * the rank of each gold document, or {@link #NOT_RETRIEVED} when it is absent from the top N.
 * Keeps only the gold ranks, not the list, so memory grows with the gold sets, not the run.
 *
 * @param query     the query
 * @param goldLangs language of each gold document (its {@link LanguageTag} identity when built by {@link GoldSets})
 * @param same      whether each gold document is in the query's language
 * @param ranks     1-based rank of each gold document, or {@link #NOT_RETRIEVED}
 */
public record QueryOutcome(Query query, String[] goldLangs, boolean[] same, int[] ranks) {

    /** Rank of a document that is not in the top N ("infinity"). */
    public static final int NOT_RETRIEVED = Integer.MAX_VALUE;

    /** Places the gold of one query in its ranked list ({@code null}: the run has no list for it). */
    public static QueryOutcome of(QueryGold gold, RankedList list, int depth) {
        int n = gold.docIds().length;
        boolean[] same = new boolean[n];
        int[] ranks = new int[n];
        Map<String, Integer> position = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            same[i] = gold.isSame(i);
            ranks[i] = NOT_RETRIEVED;
            position.put(gold.docIds()[i], i);
        }
        if (list != null) {
            int cut = Math.min(depth, list.size());
            String[] ids = list.docIds();
            for (int r = 0; r < cut; r++) {
                Integer i = position.get(ids[r]);
                if (i != null) {
                    ranks[i] = r + 1;
                }
            }
        }
        return new QueryOutcome(gold.query(), gold.docLangs(), same, ranks);
    }

    /**
     * The same from the fast run scanner's view: gold document {@code goldIndexes[i]} is at
     * 1-based rank {@code ranks[i]} of the list; the other gold documents are not in it.
     */
    public static QueryOutcome ofRanks(QueryGold gold, int[] ranks, int[] goldIndexes, int depth) {
        int n = gold.docIds().length;
        boolean[] same = new boolean[n];
        int[] goldRanks = new int[n];
        for (int i = 0; i < n; i++) {
            same[i] = gold.isSame(i);
            goldRanks[i] = NOT_RETRIEVED;
        }
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] <= depth) {
                goldRanks[goldIndexes[i]] = ranks[i];
            }
        }
        return new QueryOutcome(gold.query(), gold.docLangs(), same, goldRanks);
    }

    /**
     * The query's language as languages are grouped: its {@link LanguageTag} identity ({@code pt-BR} → {@code pt},
     * {@code zh-TW} → {@code zh-Hant}); the key of per-language means, hit rates, routes and the {@code lang} slice.
     */
    public String queryLanguage() {
        return LanguageTag.identityOf(query.lang());
    }

    /** Whether {@code S(q)} is not empty (member of Dom_S). */
    public boolean hasSame() {
        for (boolean s : same) {
            if (s) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code X(q)} is not empty (member of Dom_X). */
    public boolean hasCross() {
        for (boolean s : same) {
            if (!s) {
                return true;
            }
        }
        return false;
    }

    /** {@code f_S(q)}: best rank of a same-language gold document, or {@link #NOT_RETRIEVED}. */
    public int firstSame() {
        return firstRank(true);
    }

    /** {@code f_X(q)}: best rank of a cross-language gold document, or {@link #NOT_RETRIEVED}. */
    public int firstCross() {
        return firstRank(false);
    }

    private int firstRank(boolean sameLanguage) {
        int best = NOT_RETRIEVED;
        for (int i = 0; i < ranks.length; i++) {
            if (same[i] == sameLanguage) {
                best = Math.min(best, ranks[i]);
            }
        }
        return best;
    }

    /** {@code R@k} over the subset of the gold set named by the scope, NaN when the subset is empty. */
    public double recall(int k, Scope scope) {
        int total = 0;
        int found = 0;
        for (int i = 0; i < ranks.length; i++) {
            if (scope.includes(same[i])) {
                total++;
                if (ranks[i] <= k) {
                    found++;
                }
            }
        }
        return total == 0 ? Double.NaN : (double) found / total;
    }

    /** Which gold documents a per-query value looks at: all of G, S (same language) or X (cross). */
    public enum Scope {
        ALL(""), SAME("_same"), CROSS("_cross");

        private final String suffix;

        Scope(String suffix) {
            this.suffix = suffix;
        }

        /** The metric-name suffix, e.g. {@code _cross} in {@code R@10_cross}. */
        public String suffix() {
            return suffix;
        }

        boolean includes(boolean sameLanguage) {
            return this == ALL || (this == SAME) == sameLanguage;
        }
    }
}
