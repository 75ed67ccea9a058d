package io.clirbench.index.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The ranking rule of every search: score descending, ties by doc id ascending; the first {@code n}. */
public final class Ranking {

    private static final Comparator<Hit> ORDER = Comparator.comparingDouble((Hit h) -> -h.score()).thenComparing(Hit::docId);

    private Ranking() {
    }

    /** The top {@code n} of {@code hits} (reordered in place). */
    public static List<Hit> top(List<Hit> hits, int n) {
        hits.sort(ORDER);
        return new ArrayList<>(hits.subList(0, Math.min(n, hits.size())));
    }
}
