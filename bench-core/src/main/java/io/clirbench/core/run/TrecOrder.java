package io.clirbench.core.run;

/**
 * trec_eval's ranking order (METRICS.md section 1): score descending, ties by document id
 * descending. Scores compare numerically (so 0.0 ties -0.0); ids by String.compareTo, which
 * equals trec_eval's strcmp for ASCII ids. A merge sort over an index array: stable, no
 * boxing, and close to linear when the file is already in score order (the usual case).
 */
public final class TrecOrder {

    private TrecOrder() {
    }

    /** The indexes 0..n-1 in ranking order. */
    public static int[] sort(String[] ids, double[] scores, int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (n > 1) {
            mergeSort(order, new int[n], 0, n, ids, scores);
        }
        return order;
    }

    /** Negative when entry a ranks above entry b. */
    static int compare(int a, int b, String[] ids, double[] scores) {
        double sa = scores[a];
        double sb = scores[b];
        if (sa > sb) {
            return -1;
        }
        if (sa < sb) {
            return 1;
        }
        return ids[b].compareTo(ids[a]);
    }

    private static void mergeSort(int[] a, int[] tmp, int from, int to, String[] ids, double[] s) {
        if (to - from <= 16) {
            insertionSort(a, from, to, ids, s);
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, ids, s);
        mergeSort(a, tmp, mid, to, ids, s);
        if (compare(a[mid - 1], a[mid], ids, s) <= 0) {
            return; // halves already in order
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compare(tmp[i], tmp[j], ids, s) <= 0)) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }

    private static void insertionSort(int[] a, int from, int to, String[] ids, double[] s) {
        for (int i = from + 1; i < to; i++) {
            int x = a[i];
            int j = i - 1;
            while (j >= from && compare(a[j], x, ids, s) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }
}
