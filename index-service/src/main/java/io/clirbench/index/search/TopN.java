package io.clirbench.index.search;

/**
 * Bounded top-{@code n} selection for one query.
 *
 * <p>Ranking rule of every search of this service: score descending, ties broken by doc id
 * ascending. This class does not see doc ids; it compares ties by {@code tieRank[row]}, the rank of
 * the row's doc id in ascending id order (see {@link IdOrder}), so the order is a strict total order.
 *
 * <p>Candidates are appended to a buffer of {@code 2n} entries; when it is full, a quickselect keeps
 * the best {@code n} and raises {@link #threshold()} to the {@code n}-th best score, so later offers
 * below it cost one comparison. Appends are sequential (cache-friendly, unlike the sift of a binary
 * heap of 1,000 entries per query) and each candidate costs O(1) amortised.
 */
public final class TopN {

    private final int capacity;
    private final int[] tieRank;
    private final int[] rows;
    private final float[] scores;
    private int size;
    private float threshold = Float.NEGATIVE_INFINITY;

    public TopN(int capacity, int[] tieRank) {
        if (capacity < 1) {
            throw new IllegalArgumentException("top-N capacity must be >= 1, was " + capacity);
        }
        this.capacity = capacity;
        this.tieRank = tieRank;
        this.rows = new int[2 * capacity];
        this.scores = new float[2 * capacity];
    }

    /**
     * Offers below this score cannot enter the top {@code n}; an offer equal to it may (it can win
     * on doc id). Negative infinity until {@code 2n} candidates have been seen.
     */
    public float threshold() {
        return threshold;
    }

    /** Offers one candidate. */
    public void offer(int row, float score) {
        if (score < threshold) {
            return;
        }
        rows[size] = row;
        scores[size] = score;
        if (++size == rows.length) {
            select(0, size - 1, capacity - 1);
            size = capacity;
            threshold = scores[capacity - 1];
        }
    }

    /** The best {@code min(n, offers)} entries in rank order (best first); the selection is empty afterwards. */
    public Ranked drain() {
        if (size > capacity) {
            select(0, size - 1, capacity - 1);
            size = capacity;
        }
        sort(0, size - 1);
        int[] outRows = java.util.Arrays.copyOf(rows, size);
        float[] outScores = java.util.Arrays.copyOf(scores, size);
        size = 0;
        threshold = Float.NEGATIVE_INFINITY;
        return new Ranked(outRows, outScores);
    }

    /** True when entry i ranks before entry j: higher score, or equal score and smaller doc id. */
    private boolean before(int i, int j) {
        float a = scores[i];
        float b = scores[j];
        if (a != b) {
            return a > b;
        }
        return tieRank[rows[i]] < tieRank[rows[j]];
    }

    /** Rearranges [lo, hi] so that position k holds the entry of rank k, better ones before it. */
    private void select(int lo, int hi, int k) {
        while (lo < hi) {
            int p = partition(lo, hi);
            if (p == k) {
                return;
            } else if (p < k) {
                lo = p + 1;
            } else {
                hi = p - 1;
            }
        }
    }

    private void sort(int lo, int hi) {
        while (lo < hi) {
            int p = partition(lo, hi);
            // recurse into the smaller side: stack depth O(log n)
            if (p - lo < hi - p) {
                sort(lo, p - 1);
                lo = p + 1;
            } else {
                sort(p + 1, hi);
                hi = p - 1;
            }
        }
    }

    /** Lomuto partition around the median of three; returns the pivot's final position. */
    private int partition(int lo, int hi) {
        int mid = (lo + hi) >>> 1;
        if (before(mid, lo)) {
            swap(mid, lo);
        }
        if (before(hi, lo)) {
            swap(hi, lo);
        }
        if (before(hi, mid)) {
            swap(hi, mid);
        }
        swap(mid, hi); // the median is the pivot, at hi
        int store = lo;
        for (int i = lo; i < hi; i++) {
            if (before(i, hi)) {
                swap(i, store++);
            }
        }
        swap(store, hi);
        return store;
    }

    private void swap(int i, int j) {
        int r = rows[i];
        rows[i] = rows[j];
        rows[j] = r;
        float s = scores[i];
        scores[i] = scores[j];
        scores[j] = s;
    }

    /** Rows and scores of one ranked list, best first. */
    public record Ranked(int[] rows, float[] scores) {
        public int size() {
            return rows.length;
        }
    }
}
