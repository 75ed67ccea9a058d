package io.clirbench.core.format.trec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Ranks one query's entries, held as offsets into a block of the run file, in trec_eval order
 * (score descending, ties by id descending; METRICS.md section 1) without sorting the whole
 * list when the file is already in score order (the usual case): then only the tie groups that
 * hold a target are ordered by id. Ids compare as unsigned bytes, which is String.compareTo for
 * the ASCII ids the scanner accepts. Also rejects a duplicate id. One instance per thread.
 */
final class ListRanker {

    /** Tie groups up to this size are ranked by counting; larger ones are sorted once. */
    private static final int SMALL_GROUP = 32;

    private int[] dupTable = new int[2048];
    private int dupBase;
    private int[] hitIndex = new int[64];
    private int[] hitValue = new int[64];
    private int[] order = new int[1024];
    private int[] tmp = new int[1024];
    private int[] position = new int[1024];
    private boolean[] unknown = new boolean[1024];

    private byte[] b;
    private int[] idFrom;
    private int[] idTo;
    private double[] scores;
    private int sortedFrom = -1; // the tie group sorted last, [sortedFrom, sortedTo) in order[]
    private int sortedTo = -1;

    /** The scanned list of entries 0..n-1; throws {@link RunScanner.FallBack} on a duplicate id. */
    ScannedList rank(String queryId, byte[] block, int[] idFrom, int[] idTo, int[] hashes, double[] scores, int n,
                     IdTable targets, IdTable known, int depth) {
        this.b = block;
        this.idFrom = idFrom;
        this.idTo = idTo;
        this.scores = scores;
        sortedFrom = -1;
        sortedTo = -1;
        rejectDuplicates(hashes, n);
        int hits = findTargets(targets, hashes, n);
        boolean inScoreOrder = true;
        for (int i = 1; i < n && inScoreOrder; i++) {
            inScoreOrder = !(scores[i] > scores[i - 1]);
        }
        if (!inScoreOrder) {
            sortAll(n);
        }
        int[] ranks = new int[hits];
        for (int k = 0; k < hits; k++) {
            ranks[k] = inScoreOrder ? rankInScoreOrder(hitIndex[k], n) : position[hitIndex[k]] + 1;
        }
        if (known == null) {
            return new ScannedList(queryId, n, ranks, Arrays.copyOf(hitValue, hits), 0, 0, List.of());
        }
        int unknownInList = markUnknown(known, hashes, n);
        List<String> examples = new ArrayList<>(0);
        for (int i = 0; i < n && examples.size() < ScannedList.EXAMPLES && unknownInList > 0; i++) {
            if (unknown[i]) {
                examples.add(new String(b, idFrom[i], idTo[i] - idFrom[i], StandardCharsets.ISO_8859_1)); // ASCII
            }
        }
        return new ScannedList(queryId, n, ranks, Arrays.copyOf(hitValue, hits),
                unknownInList == 0 ? 0 : unknownInTop(n, depth, inScoreOrder), unknownInList, examples);
    }

    /** Flags the entries whose id is not in {@code known}; their number. */
    private int markUnknown(IdTable known, int[] hashes, int n) {
        if (unknown.length < n) {
            unknown = new boolean[Math.max(n, unknown.length * 2)];
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            unknown[i] = known.get(b, idFrom[i], idTo[i], hashes[i]) == IdTable.ABSENT;
            count += unknown[i] ? 1 : 0;
        }
        return count;
    }

    /**
     * Throws {@link RunScanner.FallBack} when two entries have the same id. The table is not
     * cleared between lists: a slot holds {@code dupBase + i + 1} for entry i of the current
     * list (dupBase as it was when the list began), and anything at or below that base (an
     * earlier list's) counts as empty.
     */
    private void rejectDuplicates(int[] hashes, int n) {
        int capacity = Integer.highestOneBit(Math.max(8, n) * 4 - 1);
        if (dupTable.length < capacity || dupBase > Integer.MAX_VALUE - n - 1) {
            dupTable = new int[Math.max(capacity, dupTable.length)];
            dupBase = 0;
        }
        int base = dupBase;
        dupBase = base + n; // first: after a throw, this list's entries count as empty for the next
        int mask = dupTable.length - 1;
        for (int i = 0; i < n; i++) {
            int slot = IdTable.mix(hashes[i]) & mask;
            for (int e; (e = dupTable[slot]) > base; slot = (slot + 1) & mask) {
                int j = e - base - 1;
                if (hashes[j] == hashes[i] && Arrays.equals(b, idFrom[j], idTo[j], b, idFrom[i], idTo[i])) {
                    throw RunScanner.FallBack.INSTANCE; // the general reader reports it with its line
                }
            }
            dupTable[slot] = base + i + 1;
        }
    }

    private int findTargets(IdTable targets, int[] hashes, int n) {
        if (targets == null || targets.size() == 0) {
            return 0;
        }
        int hits = 0;
        for (int i = 0; i < n; i++) {
            int v = targets.get(b, idFrom[i], idTo[i], hashes[i]);
            if (v != IdTable.ABSENT) {
                if (hits == hitIndex.length) {
                    hitIndex = Arrays.copyOf(hitIndex, hits * 2);
                    hitValue = Arrays.copyOf(hitValue, hits * 2);
                }
                hitIndex[hits] = i;
                hitValue[hits] = v;
                hits++;
            }
        }
        return hits;
    }

    /** Rank of entry i when the entries are in score order: its tie group's start plus its place by id. */
    private int rankInScoreOrder(int i, int n) {
        double s = scores[i];
        int from = i;
        int to = i + 1;
        if (i >= sortedFrom && i < sortedTo) {
            from = sortedFrom;
            to = sortedTo;
        } else {
            while (from > 0 && scores[from - 1] == s) {
                from--;
            }
            while (to < n && scores[to] == s) {
                to++;
            }
        }
        if (to - from <= SMALL_GROUP) {
            int above = 0;
            for (int j = from; j < to; j++) {
                if (j != i && idAbove(j, i)) {
                    above++;
                }
            }
            return from + above + 1;
        }
        sortGroup(from, to);
        return position[i] + 1;
    }

    /** Sorts the tie group [from, to) by id descending into order[from, to) and records each position. */
    private void sortGroup(int from, int to) {
        if (from == sortedFrom && to == sortedTo) {
            return;
        }
        ensureCapacity(to);
        for (int j = from; j < to; j++) {
            order[j] = j;
        }
        mergeSort(from, to);
        for (int p = from; p < to; p++) {
            position[order[p]] = p;
        }
        sortedFrom = from;
        sortedTo = to;
    }

    private void sortAll(int n) {
        ensureCapacity(n);
        for (int j = 0; j < n; j++) {
            order[j] = j;
        }
        mergeSort(0, n);
        for (int p = 0; p < n; p++) {
            position[order[p]] = p;
        }
    }

    /** How many of the entries ranked within {@code depth} are flagged unknown. */
    private int unknownInTop(int n, int depth, boolean inScoreOrder) {
        int count = 0;
        if (n <= depth) {
            for (int i = 0; i < n; i++) {
                count += unknown[i] ? 1 : 0;
            }
            return count;
        }
        if (!inScoreOrder) {
            for (int p = 0; p < depth; p++) {
                count += unknown[order[p]] ? 1 : 0;
            }
            return count;
        }
        // in score order: all entries before the tie group at the cut are in, and the group's first by id
        double s = scores[depth - 1];
        int from = depth - 1;
        while (from > 0 && scores[from - 1] == s) {
            from--;
        }
        int to = depth;
        while (to < n && scores[to] == s) {
            to++;
        }
        for (int i = 0; i < from; i++) {
            count += unknown[i] ? 1 : 0;
        }
        sortGroup(from, to);
        for (int p = from; p < depth; p++) {
            count += unknown[order[p]] ? 1 : 0;
        }
        return count;
    }

    /** Whether entry j ranks above entry i within one tie group: its id is greater. */
    private boolean idAbove(int j, int i) {
        return Arrays.compareUnsigned(b, idFrom[j], idTo[j], b, idFrom[i], idTo[i]) > 0;
    }

    /** Negative when entry x ranks above entry y (trec_eval order). */
    private int compare(int x, int y) {
        double sx = scores[x];
        double sy = scores[y];
        if (sx > sy) {
            return -1;
        }
        if (sx < sy) {
            return 1;
        }
        return Arrays.compareUnsigned(b, idFrom[y], idTo[y], b, idFrom[x], idTo[x]);
    }

    private void mergeSort(int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int x = order[i];
                int j = i - 1;
                while (j >= from && compare(order[j], x) > 0) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(from, mid);
        mergeSort(mid, to);
        if (compare(order[mid - 1], order[mid]) <= 0) {
            return;
        }
        System.arraycopy(order, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compare(tmp[i], tmp[j]) <= 0)) {
                order[k] = tmp[i++];
            } else {
                order[k] = tmp[j++];
            }
        }
    }

    private void ensureCapacity(int n) {
        if (order.length < n) {
            int capacity = Math.max(n, order.length * 2);
            order = new int[capacity];
            tmp = new int[capacity];
            position = new int[capacity];
        }
    }
}
