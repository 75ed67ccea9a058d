package io.clirbench.core.format.trec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;

/**
 * Document ids mapped to ints, looked up straight from the bytes of a run file, so that
 * {@link RunScanner} needs no String per line. Open addressing; the hash is
 * {@code h = 31 * h + byte} over the UTF-8 bytes (String.hashCode for ASCII ids). Immutable,
 * so one table may serve several scanning threads.
 */
public final class IdTable {

    /** The value {@link #get} returns for an id that is not in the table. */
    public static final int ABSENT = -1;

    private final byte[][] keys;
    private final int[] hashes;
    private final int[] values;
    private final int mask;
    private final int size;

    private IdTable(String[] ids, int[] values) {
        int capacity = Integer.highestOneBit((ids.length + ids.length / 3 + 1) * 2 - 1); // load at most 3/4
        this.keys = new byte[capacity][];
        this.hashes = new int[capacity];
        this.values = new int[capacity];
        this.mask = capacity - 1;
        int count = 0;
        for (int i = 0; i < ids.length; i++) {
            byte[] key = ids[i].getBytes(StandardCharsets.UTF_8);
            int h = hash(key, 0, key.length);
            int slot = mix(h) & mask;
            boolean present = false;
            for (; keys[slot] != null; slot = (slot + 1) & mask) {
                if (hashes[slot] == h && Arrays.equals(keys[slot], key)) {
                    present = true; // the first value of a repeated id wins
                    break;
                }
            }
            if (!present) {
                keys[slot] = key;
                hashes[slot] = h;
                this.values[slot] = values == null ? i : values[i];
                count++;
            }
        }
        this.size = count;
    }

    /** A table of {@code ids[i]} to {@code values[i]}. */
    public static IdTable of(String[] ids, int[] values) {
        if (ids.length != values.length) {
            throw new IllegalArgumentException(ids.length + " ids but " + values.length + " values");
        }
        return new IdTable(ids, values);
    }

    /** A table of {@code ids[i]} to {@code i}: for membership, or to find an id's index. */
    public static IdTable indexOf(Collection<String> ids) {
        return new IdTable(ids.toArray(String[]::new), null);
    }

    /** The number of distinct ids. */
    public int size() {
        return size;
    }

    /** The value of the id {@code b[from, to)} whose {@link #hash} is {@code h}, or {@link #ABSENT}. */
    public int get(byte[] b, int from, int to, int h) {
        for (int slot = mix(h) & mask; keys[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == h && Arrays.equals(keys[slot], 0, keys[slot].length, b, from, to)) {
                return values[slot];
            }
        }
        return ABSENT;
    }

    /** The value of {@code id}, or {@link #ABSENT}. */
    public int get(String id) {
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        return get(key, 0, key.length, hash(key, 0, key.length));
    }

    /** The hash of the bytes {@code b[from, to)}, as the scanner computes it while tokenizing. */
    public static int hash(byte[] b, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        return h;
    }

    static int mix(int h) {
        int x = h * 0x9E3779B9; // spread the hashes of ids like doc1, doc2 that differ in the last bytes
        return x ^ (x >>> 16);
    }
}
