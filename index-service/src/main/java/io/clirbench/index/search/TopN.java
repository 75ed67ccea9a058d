package io.clirbench.index.search;

/**
 * Bounded min-heap that keeps the best {@code n} (row, score) pairs of one query.
 *
 * <p>Ranking rule of every search of this service: score descending, ties broken by doc id
 * ascending. The heap does not see doc ids; it compares ties by {@code tieRank[row]}, the rank
 * of the row's doc id in ascending id order (see {@link IdOrder}). The root is the worst kept
 * entry, so an offer below {@link #threshold()} is rejected with one comparison.
 */
public final class TopN {

    private final int capacity;
    private final int[] tieRank;
    private final int[] rows;
    private final float[] scores;
    private int size;

    public TopN(int capacity, int[] tieRank) {
        if (capacity < 1) {
            throw new IllegalArgumentException("top-N capacity must be >= 1, was " + capacity);
        }
        this.capacity = capacity;
        this.tieRank = tieRank;
        this.rows = new int[capacity];
        this.scores = new float[capacity];
    }

    /** The score an offer must reach to be considered; -infinity until the heap is full. */
    public float threshold() {
        return size < capacity ? Float.NEGATIVE_INFINITY : scores[0];
    }

    public int size() {
        return size;
    }

    /** Offers one candidate; kept when the heap is not full or it ranks above the worst kept. */
    public void offer(int row, float score) {
        if (size < capacity) {
            rows[size] = row;
            scores[size] = score;
            siftUp(size++);
        } else if (better(row, score, rows[0], scores[0])) {
            rows[0] = row;
            scores[0] = score;
            siftDown(0);
        }
    }

    /** True when (rowA, a) ranks before (rowB, b): higher score, or equal score and smaller id. */
    private boolean better(int rowA, float a, int rowB, float b) {
        if (a != b) {
            return a > b;
        }
        return tieRank[rowA] < tieRank[rowB];
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!better(rows[parent], scores[parent], rows[i], scores[i])) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int worst = left;
            int right = left + 1;
            if (right < size && better(rows[left], scores[left], rows[right], scores[right])) {
                worst = right;
            }
            if (!better(rows[i], scores[i], rows[worst], scores[worst])) {
                return;
            }
            swap(i, worst);
            i = worst;
        }
    }

    private void swap(int i, int j) {
        int r = rows[i];
        rows[i] = rows[j];
        rows[j] = r;
        float s = scores[i];
        scores[i] = scores[j];
        scores[j] = s;
    }

    /**
     * The kept entries in rank order (best first). Pops the worst entry off the heap into the last free
     * slot until it is empty (heap sort, no boxing); the heap is empty afterwards.
     */
    public Ranked drain() {
        int n = size;
        int[] outRows = new int[n];
        float[] outScores = new float[n];
        for (int i = n - 1; i >= 0; i--) {
            outRows[i] = rows[0];
            outScores[i] = scores[0];
            size--;
            if (size > 0) {
                rows[0] = rows[size];
                scores[0] = scores[size];
                siftDown(0);
            }
        }
        return new Ranked(outRows, outScores);
    }

    /** Rows and scores of one ranked list, best first. */
    public record Ranked(int[] rows, float[] scores) {
        public int size() {
            return rows.length;
        }
    }
}
