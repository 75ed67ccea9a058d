package io.clirbench.core.format.trec;

import java.util.List;

/**
 * One query's list as {@link RunScanner} reports it: not the ids, only what evaluation needs:
 * the list's length and the trec_eval rank of each entry whose id is in the query's target
 * {@link IdTable}.
 *
 * @param queryId      the query
 * @param size         the number of entries (lines) of the list
 * @param ranks        1-based rank, in trec_eval order (METRICS.md section 1), of each target found
 * @param values       the target table's value of each id found (parallel to {@code ranks})
 * @param unknownInTop entries ranked within the scan's depth whose id is not in the scan's
 *                     table of known ids (0 when the scan has none)
 * @param unknownInList entries of the whole list whose id is not known (0 when the scan has no table)
 * @param unknownIds   the first (up to {@link #EXAMPLES}) unknown ids of the list, in file order
 */
public record ScannedList(String queryId, int size, int[] ranks, int[] values, int unknownInTop, int unknownInList,
                          List<String> unknownIds) {

    /** How many unknown ids a list gives as examples. */
    public static final int EXAMPLES = 3;
}
