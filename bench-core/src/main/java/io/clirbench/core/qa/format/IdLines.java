package io.clirbench.core.qa.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The first line of every id seen, compactly: each id's record (its length, its line, its UTF-8 bytes) appended to one
 * growing array, and an open-addressing table of (hash, record offset) in one {@code long} a slot, so that a look-up
 * reads one random slot and, only when the hashes agree, the record; about 60 bytes an id instead of a
 * {@code HashMap<String, Integer>}'s 140 (a String, a node, an Integer). Ids are compared byte for byte, so a repeat is
 * found exactly.
 */
final class IdLines {

    private static final int HEADER = 8; // length, line

    private byte[] records = new byte[1 << 16];
    private int used;
    private long[] slots = new long[1 << 12]; // HashSlots: the id's mixed hash, record offset + 1
    private int size;

    /** The line {@code id} was first seen on, or 0 after recording it as seen on {@code line}. */
    int putIfAbsent(String id, int line) {
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        int mask = slots.length - 1;
        int hash = HashSlots.mix(Arrays.hashCode(key));
        for (int at = hash & mask; ; at = (at + 1) & mask) {
            long slot = slots[at];
            if (slot == 0) {
                slots[at] = HashSlots.slot(hash, append(key, line) + 1);
                if (++size * 2 > slots.length) {
                    slots = HashSlots.grown(slots);
                }
                return 0;
            }
            int record = HashSlots.value(slot) - 1;
            if (HashSlots.hash(slot) == hash && equal(record, key)) {
                return readInt(record + 4);
            }
        }
    }

    private boolean equal(int record, byte[] key) {
        int length = readInt(record);
        return length == key.length && Arrays.equals(records, record + HEADER, record + HEADER + length, key, 0, length);
    }

    private int readInt(int at) {
        return (records[at] & 0xff) << 24 | (records[at + 1] & 0xff) << 16 | (records[at + 2] & 0xff) << 8 | (records[at + 3] & 0xff);
    }

    private void writeInt(int at, int value) {
        records[at] = (byte) (value >>> 24);
        records[at + 1] = (byte) (value >>> 16);
        records[at + 2] = (byte) (value >>> 8);
        records[at + 3] = (byte) value;
    }

    private int append(byte[] key, int line) {
        if (used + HEADER + key.length > records.length) {
            records = Arrays.copyOf(records, Math.max(records.length * 2, used + HEADER + key.length));
        }
        int at = used;
        writeInt(at, key.length);
        writeInt(at + 4, line);
        System.arraycopy(key, 0, records, at + HEADER, key.length);
        used = at + HEADER + key.length;
        return at;
    }
}
