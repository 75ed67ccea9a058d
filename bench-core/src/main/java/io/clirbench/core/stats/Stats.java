package io.clirbench.core.stats;

import io.clirbench.core.io.InputLimits;

/**
 * The settings of every interval and test of an evaluation (METRICS.md §3): {@code bootstrap} resamples B, also the
 * number of sign-flip patterns (0 turns the statistics off), and the {@code seed} of every resampling. The range of B
 * is checked here, once, before any allocation: every evaluation entry point takes a {@code Stats}.
 *
 * @param bootstrap resamples B, 0..{@value InputLimits#MAX_BOOTSTRAP}
 * @param seed      seed of every resampling and permutation
 */
public record Stats(int bootstrap, long seed) {

    /** METRICS.md §3: "Default B = 10,000". */
    public static final int DEFAULT_BOOTSTRAP = 10_000;
    /** METRICS.md §3: "a fixed seed"; every command and request that resamples defaults to it. */
    public static final long DEFAULT_SEED = 42L;
    /** The defaults: B = 10,000, seed 42. */
    public static final Stats DEFAULT = new Stats(DEFAULT_BOOTSTRAP, DEFAULT_SEED);

    /** Throws IllegalArgumentException unless {@code bootstrap} is in 0..{@value InputLimits#MAX_BOOTSTRAP}. */
    public Stats {
        requireBootstrap(bootstrap);
    }

    /** Settings from a wider value (an event field, a request): checked before it is narrowed to an int. */
    public static Stats of(long bootstrap, long seed) {
        requireBootstrap(bootstrap);
        return new Stats((int) bootstrap, seed);
    }

    /** The rule of B as a request's field error says it. */
    public static final String BOOTSTRAP_RULE = "must be in 0.." + InputLimits.MAX_BOOTSTRAP + " (0 = no intervals)";

    /** Why {@code bootstrap} is not a valid B ({@code must be in 0..100000, got N}), or null when it is. */
    public static String bootstrapProblem(long bootstrap) {
        return InputLimits.outOfRange(bootstrap, 0, InputLimits.MAX_BOOTSTRAP);
    }

    /** Why {@code bootstrap} is not a valid B, as a sentence ({@code bootstrap B must be in 0..100000, got N (the limit of resamples)}), or null. */
    public static String bootstrapError(long bootstrap) {
        String problem = bootstrapProblem(bootstrap);
        return problem == null ? null : "bootstrap B " + problem + " (the limit of resamples)";
    }

    private static void requireBootstrap(long bootstrap) {
        String error = bootstrapError(bootstrap);
        if (error != null) {
            throw new IllegalArgumentException(error);
        }
    }

    /** Whether intervals and tests are computed (B &gt; 0). */
    public boolean enabled() {
        return bootstrap > 0;
    }
}
