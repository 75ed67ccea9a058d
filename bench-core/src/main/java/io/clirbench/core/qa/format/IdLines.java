package io.clirbench.core.qa.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The first line of every id seen, compactly: the ids' UTF-8 bytes in one growing array and an open-addressing table
 * of (offset, line, hash), about 70 bytes an id instead of a {@code HashMap<String, Integer>}'s 140 (a String, a node, an
 * Integer); ids are compared byte for byte, so a repeat is found exactly.
 */
final class IdLines {

    private byte[] bytes = new byte[1 << 16];
    private int used;
    private int[] offsets = new int[1 << 12]; // offset + 1 of the id's bytes (length-prefixed), 0 for an empty slot
    private int[] lines = new int[1 << 12];
    private int[] hashes = new int[1 << 12]; // each slot's mixed hash, so that growing rehashes no bytes
    private int size;

    /** The line {@code id} was first seen on, or 0 after recording it as seen on {@code line}. */
    int putIfAbsent(String id, int line) {
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        int mask = offsets.length - 1;
        int hash = mix(Arrays.hashCode(key));
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            int at = offsets[slot];
            if (at == 0) {
                offsets[slot] = append(key) + 1;
                lines[slot] = line;
                hashes[slot] = hash;
                if (++size * 2 > offsets.length) {
                    grow();
                }
                return 0;
            }
            if (hashes[slot] == hash && equal(at - 1, key)) {
                return lines[slot];
            }
        }
    }

    private boolean equal(int at, byte[] key) {
        int length = length(at);
        return length == key.length && Arrays.equals(bytes, at + 4, at + 4 + length, key, 0, length);
    }

    private int length(int at) {
        return (bytes[at] & 0xff) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8 | (bytes[at + 3] & 0xff);
    }

    private int append(byte[] key) {
        if (used + 4 + key.length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + 4 + key.length));
        }
        int at = used;
        bytes[at] = (byte) (key.length >>> 24);
        bytes[at + 1] = (byte) (key.length >>> 16);
        bytes[at + 2] = (byte) (key.length >>> 8);
        bytes[at + 3] = (byte) key.length;
        System.arraycopy(key, 0, bytes, at + 4, key.length);
        used = at + 4 + key.length;
        return at;
    }

    private void grow() {
        int[] oldOffsets = offsets;
        int[] oldLines = lines;
        int[] oldHashes = hashes;
        offsets = new int[oldOffsets.length * 2];
        lines = new int[oldOffsets.length * 2];
        hashes = new int[oldOffsets.length * 2];
        int mask = offsets.length - 1;
        for (int i = 0; i < oldOffsets.length; i++) {
            int at = oldOffsets[i];
            if (at != 0) {
                int slot = oldHashes[i] & mask;
                while (offsets[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                offsets[slot] = at;
                lines[slot] = oldLines[i];
                hashes[slot] = oldHashes[i];
            }
        }
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
