package io.clirbench.core.qa.format;

/**
 * The open-addressing tables of {@link IdLines} and {@link PredictionTable}: one {@code long} a slot, 0 for empty, else
 * the key's mixed hash in the high half and what the table points to in the low half, probed linearly.
 */
final class HashSlots {

    private HashSlots() {
    }

    /** Spreads a hash before linear probing: keys that differ only at the end (a repeated suffix) have near hashes. */
    static int mix(int hash) {
        hash *= 0x9E3779B9;
        return hash ^ (hash >>> 16);
    }

    /** A slot of {@code hash} pointing to {@code value} (not 0). */
    static long slot(int hash, int value) {
        return (long) hash << 32 | (value & 0xFFFFFFFFL);
    }

    static int hash(long slot) {
        return (int) (slot >>> 32);
    }

    static int value(long slot) {
        return (int) slot;
    }

    /** The same slots in a table twice as large. */
    static long[] grown(long[] slots) {
        long[] grown = new long[slots.length * 2];
        int mask = grown.length - 1;
        for (long slot : slots) {
            if (slot != 0) {
                int at = hash(slot) & mask;
                while (grown[at] != 0) {
                    at = (at + 1) & mask;
                }
                grown[at] = slot;
            }
        }
        return grown;
    }
}
