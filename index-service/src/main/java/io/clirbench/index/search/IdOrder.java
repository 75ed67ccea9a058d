package io.clirbench.index.search;

import java.util.Arrays;
import java.util.Comparator;

/** Rank of each row's doc id in ascending {@link String#compareTo} order: the tie-break key of {@link TopN}. */
public final class IdOrder {

    private IdOrder() {
    }

    public static int[] tieRanks(String[] ids, int count) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing(i -> ids[i]));
        int[] rank = new int[count];
        for (int r = 0; r < count; r++) {
            rank[order[r]] = r;
        }
        return rank;
    }
}
