package io.clirbench.core.format.trec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;

/**
 * Document ids mapped to ints, looked up straight from the bytes of a run file, so that
 * {@link RunScanner} needs no String per line. Open addressing at a load of at most 1/4, keys
 * compared only when their {@link #hash} matches. The keys are slices of one byte array (the ids'
 * bytes one after another, or the qrels file a table of its judgments was made from): no array
 * per id. Immutable, so one table may serve several scanning threads.
 */
public final class IdTable {

    /** A slot's code when it is empty; an id's code is its hash, odd, or {@link #NON_ASCII_CODE}. */
    private static final int EMPTY = 0;
    private static final int NON_ASCII_CODE = 2;

    /** The value {@link #get} returns for an id that is not in the table. */
    public static final int ABSENT = -1;

    /** The {@link #hash} of an id with a byte above 0x7F (ASCII ids never hash to it). */
    public static final int NON_ASCII = 0;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] pool;
    private final int[] keyFrom;
    private final int[] keyTo;
    private final int[] codes;
    private final int[] values;
    private final int mask;
    private int size;

    /** An empty table with room for {@code ids} ids whose bytes lie in {@code pool}. */
    private IdTable(byte[] pool, int ids) {
        int slotsPerId = ids <= 1 << 16 ? 4 : 2; // a quarter full, or half for a large corpus
        int capacity = Integer.highestOneBit(Math.max(2, ids * slotsPerId) * 2 - 1);
        this.pool = pool;
        this.keyFrom = new int[capacity];
        this.keyTo = new int[capacity];
        this.codes = new int[capacity]; // all EMPTY
        this.values = new int[capacity];
        this.mask = capacity - 1;
    }

    private static IdTable ofStrings(String[] ids, int[] values) {
        byte[][] bytes = new byte[ids.length][];
        int total = 0;
        for (int i = 0; i < ids.length; i++) {
            bytes[i] = ids[i].getBytes(StandardCharsets.UTF_8);
            total += bytes[i].length;
        }
        byte[] pool = new byte[total];
        IdTable table = new IdTable(pool, ids.length);
        for (int i = 0, at = 0; i < ids.length; i++) {
            System.arraycopy(bytes[i], 0, pool, at, bytes[i].length);
            table.put(at, at + bytes[i].length, hash(pool, at, at + bytes[i].length), values == null ? i : values[i]);
            at += bytes[i].length;
        }
        return table;
    }

    /** Adds the id {@code pool[from, to)} (its {@link #hash} {@code h}) with {@code value}; the first value of a repeated id wins. */
    private void put(int from, int to, int h, int value) {
        int code = code(h);
        int slot = mix(h) & mask;
        for (; codes[slot] != EMPTY; slot = (slot + 1) & mask) {
            if (codes[slot] == code && Arrays.equals(pool, keyFrom[slot], keyTo[slot], pool, from, to)) {
                return;
            }
        }
        keyFrom[slot] = from;
        keyTo[slot] = to;
        codes[slot] = code;
        values[slot] = value;
        size++;
    }

    private static int code(int h) {
        return h == NON_ASCII ? NON_ASCII_CODE : h;
    }

    /**
     * A table of the ids {@code b[from[k], to[k])} to {@code values[k]}, for the {@code n} indexes k in {@code picks},
     * where {@code hashes[k]} is the id's {@link #hash}: the same table as {@link #of} on those ids as Strings. It keeps
     * {@code b} (the ids are not copied).
     */
    static IdTable ofSlices(byte[] b, int[] from, int[] to, int[] hashes, int[] values, int[] picks, int n) {
        IdTable table = new IdTable(b, n);
        for (int i = 0; i < n; i++) {
            int k = picks[i];
            table.put(from[k], to[k], hashes[k], values[k]);
        }
        return table;
    }

    /** As {@link #ofSlices} for every pick, id {@code picks[i]} getting the value {@code values[i]}. */
    static IdTable ofPicks(byte[] b, int[] from, int[] to, int[] hashes, int[] picks, int[] values) {
        IdTable table = new IdTable(b, picks.length);
        for (int i = 0; i < picks.length; i++) {
            int k = picks[i];
            table.put(from[k], to[k], hashes[k], values[i]);
        }
        return table;
    }

    /** A table of {@code ids[i]} to {@code values[i]}. */
    public static IdTable of(String[] ids, int[] values) {
        if (ids.length != values.length) {
            throw new IllegalArgumentException(ids.length + " ids but " + values.length + " values");
        }
        return ofStrings(ids, values);
    }

    /** A table of {@code ids[i]} to {@code i}: for membership, or to find an id's index. */
    public static IdTable indexOf(Collection<String> ids) {
        return ofStrings(ids.toArray(String[]::new), null);
    }

    /** The number of distinct ids. */
    public int size() {
        return size;
    }

    /** The value of the id {@code b[from, to)} whose {@link #hash} is {@code h}, or {@link #ABSENT}. */
    public int get(byte[] b, int from, int to, int h) {
        int code = code(h);
        for (int slot = mix(h) & mask; ; slot = (slot + 1) & mask) {
            int stored = codes[slot];
            if (stored == EMPTY) {
                return ABSENT;
            }
            if (stored == code && sameBytes(keyFrom[slot], keyTo[slot], b, from, to)) {
                return values[slot];
            }
        }
    }

    /** Whether {@code pool[keyFrom, keyTo)} equals {@code b[from, to)}: a plain loop, faster than a call for ids this short. */
    private boolean sameBytes(int keyFrom, int keyTo, byte[] b, int from, int to) {
        if (keyTo - keyFrom != to - from) {
            return false;
        }
        for (int i = keyFrom, j = from; i < keyTo; i++, j++) {
            if (pool[i] != b[j]) {
                return false;
            }
        }
        return true;
    }

    /** The value of {@code id}, or {@link #ABSENT}. */
    public int get(String id) {
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        return get(key, 0, key.length, hash(key, 0, key.length));
    }

    /**
     * The hash of the bytes {@code b[from, to)}, as the scanner computes it: eight bytes at a
     * time, always odd for ASCII bytes, and {@link #NON_ASCII} (0) when a byte is above 0x7F.
     * The length comes in last ({@link #finish}), so that the scanner can hash an id while it
     * looks for the id's end.
     */
    public static int hash(byte[] b, int from, int to) {
        return hash(b, from, to, false);
    }

    /**
     * {@link #hash} for an id inside a block of the scanner, which has 8 readable bytes past its
     * data: the last partial word is read whole and masked, instead of byte by byte.
     */
    static int hashInBlock(byte[] b, int from, int to) {
        return hash(b, from, to, true);
    }

    /**
     * Both hashes: whole words, then the last partial word, read byte by byte or, when
     * {@code readsPastEnd} (8 readable bytes after {@code to}), whole and masked. The two callers
     * pass a constant, so the JIT compiles each without the other's branch.
     */
    private static int hash(byte[] b, int from, int to, boolean readsPastEnd) {
        long h = 0;
        long high = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONG.get(b, i);
            high |= w;
            h = step(h, w);
        }
        int rest = to - i;
        long tail = 0;
        if (readsPastEnd) {
            tail = rest == 0 ? 0 : (long) LONG.get(b, i) & (-1L >>> (64 - 8 * rest));
        } else {
            for (int k = to - 1; k >= i; k--) {
                tail = (tail << 8) | (b[k] & 0xFF);
            }
        }
        return finish(h, high | tail, tail, to - from);
    }

    /** One whole word {@code w} of an id into the running hash {@code h}. */
    static long step(long h, long w) {
        return (h ^ w) * 0x9E3779B97F4A7C15L;
    }

    /**
     * The hash of an id of {@code length} bytes from the running hash of its whole words, the
     * OR of all its bytes ({@code high}, for the ASCII check) and its last partial word ({@code tail}, 0 if none).
     */
    static int finish(long h, long high, long tail, int length) {
        if ((high & 0x8080808080808080L) != 0) {
            return NON_ASCII;
        }
        long x = (h ^ tail ^ ((long) length << 56)) * 0x9E3779B97F4A7C15L; // a tail has at most 7 bytes: the top byte is free
        return (int) (x ^ (x >>> 29)) | 1;
    }

    static int mix(int h) {
        int x = h * 0x9E3779B9; // spread the hashes of ids like doc1, doc2 that differ in the last bytes
        return x ^ (x >>> 16);
    }
}
