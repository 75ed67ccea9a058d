package io.clirbench.core.metrics.language;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.model.Query;

/**
 * The gold set {@code G(q)} of one query after family expansion (METRICS.md §2 "Gold"), with the
 * language of each gold document so that {@code S(q)} and {@code X(q)} follow. Languages are compared by
 * {@link LanguageTag} identity (language and script): a {@code pt-BR} query's {@code pt} gold is same-language,
 * a {@code zh-Hans} query's {@code zh-Hant} gold is cross-language.
 *
 * @param query    the query
 * @param docIds   the gold documents
 * @param grades   the grade of each gold document (above 0)
 * @param docLangs the language of each gold document (its identity, as {@link GoldSets} gives it, or any tag)
 */
public record QueryGold(Query query, String[] docIds, int[] grades, String[] docLangs) {

    /** Whether gold document {@code i} is in the query's language (member of {@code S(q)}): the same identity. */
    public boolean isSame(int i) {
        return LanguageTag.sameLanguage(docLangs[i], query.lang());
    }

    /** Whether {@code S(q)} is not empty: some gold document is in the query's language. */
    public boolean hasSame() {
        for (int i = 0; i < docLangs.length; i++) {
            if (isSame(i)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code X(q)} is not empty: some gold document is in another language than the query's. */
    public boolean hasCross() {
        for (int i = 0; i < docLangs.length; i++) {
            if (!isSame(i)) {
                return true;
            }
        }
        return false;
    }

    /** Dual-gold: gold both in the query's language and in another ({@code S(q)} and {@code X(q)} not empty). */
    public boolean isDualGold() {
        return hasSame() && hasCross();
    }

    /** No-home: no gold document in the query's language ({@code S(q)} empty). */
    public boolean isNoHome() {
        return !hasSame();
    }
}
