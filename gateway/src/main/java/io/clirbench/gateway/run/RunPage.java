package io.clirbench.gateway.run;

import java.util.List;

/**
 * One page of {@code GET /api/runs}: runs newest first (created time descending, then id).
 *
 * @param runs   the runs of this page (at most {@code limit})
 * @param total  every run the gateway holds
 * @param limit  the page size asked for
 * @param offset how many runs come before this page
 */
public record RunPage(List<RunSnapshot> runs, int total, int limit, int offset) {

    /** Default and largest page size of {@code GET /api/runs}. */
    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 1000;

    /** Whether runs come after this page. */
    public boolean hasNext() {
        return offset + runs.size() < total;
    }
}
