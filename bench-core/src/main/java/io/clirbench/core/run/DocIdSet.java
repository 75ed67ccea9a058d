package io.clirbench.core.run;

import java.util.Arrays;

/** A reusable open-addressing set of document ids, to find duplicates in one query's list without per-entry garbage. */
public final class DocIdSet {

    private String[] table;
    private int size;

    /** A set sized for about {@code expected} ids before it grows. */
    public DocIdSet(int expected) {
        table = new String[Integer.highestOneBit(Math.max(8, expected) * 4 - 1)];
    }

    /** Adds {@code id}; false when it was already present. */
    public boolean add(String id) {
        if (2 * (size + 1) > table.length) {
            grow();
        }
        int mask = table.length - 1;
        int i = mix(id.hashCode()) & mask;
        for (String s; (s = table[i]) != null; i = (i + 1) & mask) {
            if (s.equals(id)) {
                return false;
            }
        }
        table[i] = id;
        size++;
        return true;
    }

    public void clear() {
        if (size > 0) {
            Arrays.fill(table, null);
            size = 0;
        }
    }

    private void grow() {
        String[] old = table;
        table = new String[old.length * 2];
        size = 0;
        for (String s : old) {
            if (s != null) {
                add(s);
            }
        }
    }

    private static int mix(int h) {
        int x = h * 0x9E3779B9; // spread String hashes, which differ little for ids like doc1, doc2
        return x ^ (x >>> 16);
    }
}
