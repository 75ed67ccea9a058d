package io.clirbench.core.stats;

/**
 * The sequence of {@code new java.util.SplittableRandom(seed)}, bit for bit, with its position
 * open. SplitMix64's state after {@code k} steps is {@code seed + k·γ}, so a replicate can start
 * on any thread from the state the one sequential stream has there: the resampling code fixes
 * each replicate's start in the sequence (known in advance, or found by {@link #skip}), and the
 * results do not depend on how replicates are spread over threads. {@link #nextInt(Bound)} is
 * {@code SplittableRandom.nextInt(bound)} (the JDK's rejection rule, same values) with the
 * division replaced by an exact multiply ({@link Bound}).
 */
final class SplitMix {

    /** SplittableRandom's γ for a seeded instance (the golden-ratio increment). */
    static final long GAMMA = 0x9e3779b97f4a7c15L;

    private long state;

    SplitMix(long state) {
        this.state = state;
    }

    /** The stream of {@code new SplittableRandom(seed)} after {@code steps} draws of one step each. */
    static SplitMix at(long seed, long steps) {
        return new SplitMix(seed + steps * GAMMA);
    }

    /** The current state (pass it to {@link #SplitMix(long)} to continue from here). */
    long state() {
        return state;
    }

    /** {@code SplittableRandom.nextLong()}. */
    long nextLong() {
        return mix64(state += GAMMA);
    }

    /** {@code SplittableRandom.nextInt()}. */
    int nextInt() {
        return mix32(state += GAMMA);
    }

    /** {@code SplittableRandom.nextInt(bound.value())}. */
    int nextInt(Bound bound) {
        int r = nextInt();
        if (bound.powerOfTwo) {
            return r & bound.mask;
        }
        int u = r >>> 1;
        while (u >= bound.limit) {
            u = nextInt() >>> 1;
        }
        return bound.remainder(u);
    }

    /** Advances past one {@link #nextInt(Bound)} without computing its value. */
    void skip(Bound bound) {
        if (bound.powerOfTwo) {
            state += GAMMA;
            return;
        }
        while ((nextInt() >>> 1) >= bound.limit) {
            // a rejected candidate: the JDK draws again
        }
    }

    /** Advances past {@code count} draws of {@link #nextInt(Bound)}. */
    void skip(Bound bound, int count) {
        if (bound.powerOfTwo) {
            state += count * GAMMA;
            return;
        }
        for (int i = 0; i < count; i++) {
            skip(bound);
        }
    }

    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static int mix32(long z) {
        z = (z ^ (z >>> 33)) * 0x62a9d9ed799705f5L;
        return (int) (((z ^ (z >>> 28)) * 0xcb24d0a5c88c35b3L) >>> 32);
    }

    /**
     * An exclusive upper bound of {@link #nextInt(Bound)}. The JDK rejects a candidate
     * {@code u} (31 bits) when {@code u + (bound − 1) − u % bound} overflows, that is when
     * {@code u ≥ ⌊2³¹ / bound⌋ · bound} ({@link #limit}); {@code u % bound} is computed as
     * {@code ⌊(c·u mod 2⁶⁴) · bound / 2⁶⁴⌋} with {@code c = ⌈2⁶⁴ / bound⌉} (Lemire, Kaser and
     * Kurz, "Faster remainder by direct computation", 2019), exact for 32-bit operands.
     */
    static final class Bound {
        private final int value;
        private final boolean powerOfTwo;
        private final int mask;
        private final int limit;
        private final long inverse;

        Bound(int value) {
            if (value <= 0) {
                throw new IllegalArgumentException("bound must be positive, got " + value);
            }
            this.value = value;
            this.mask = value - 1;
            this.powerOfTwo = (value & mask) == 0;
            this.limit = powerOfTwo ? 0 : (int) ((1L << 31) / value * value);
            this.inverse = Long.divideUnsigned(-1L, value) + 1;
        }

        int value() {
            return value;
        }

        int remainder(int u) {
            return (int) Math.unsignedMultiplyHigh(inverse * u, value);
        }
    }
}
