package io.clirbench.core.metrics.language;

import io.clirbench.core.model.Query;

/**
 * The gold set {@code G(q)} of one query after family expansion (METRICS.md §2 "Gold"), with the
 * language of each gold document so that {@code S(q)} and {@code X(q)} follow.
 *
 * @param query    the query
 * @param docIds   the gold documents
 * @param grades   the grade of each gold document (above 0)
 * @param docLangs the language of each gold document
 */
public record QueryGold(Query query, String[] docIds, int[] grades, String[] docLangs) {

    /** Whether gold document {@code i} is in the query's language (member of {@code S(q)}). */
    public boolean isSame(int i) {
        return docLangs[i].equals(query.lang());
    }
}
