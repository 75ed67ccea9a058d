package io.clirbench.core.metrics.language;

/**
 * Parameters of the language-aware metrics (METRICS.md §2); {@link #defaults(int)} gives the spec's.
 *
 * @param depth                    retrieval depth N: ranks above it count as not retrieved
 * @param recallKs                 cutoffs of R@k, R@k_same, R@k_cross
 * @param coverage                 C of the coverage depths (0.8)
 * @param xrcCoverage              C of XRC (0.5)
 * @param jbcK                     cutoff of JBC (100)
 * @param ariK                     K of ARI@K and deep_K (100)
 * @param routeKs                  cutoffs of the route grid
 * @param depthBootstrapReplicates resamples for the SE of a depth (2,000)
 * @param seed                     seed of every resampling
 */
public record LanguageMetricsConfig(int depth, int[] recallKs, double coverage, double xrcCoverage, int jbcK,
                                    int ariK, int[] routeKs, int depthBootstrapReplicates, long seed) {

    /** The default cutoffs of R@k (METRICS.md §2). */
    public static final int[] DEFAULT_RECALL_KS = {1, 5, 10, 25, 50, 100, 1000};

    /** The default seed of every resampling. */
    public static final long DEFAULT_SEED = 42L;

    public LanguageMetricsConfig {
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1, got " + depth);
        }
        recallKs = recallKs.clone();
        routeKs = routeKs.clone();
    }

    @Override
    public int[] recallKs() {
        return recallKs.clone();
    }

    @Override
    public int[] routeKs() {
        return routeKs.clone();
    }

    /** The spec's defaults at depth N. */
    public static LanguageMetricsConfig defaults(int depth) {
        return new LanguageMetricsConfig(depth, DEFAULT_RECALL_KS, 0.8, 0.5, 100, 100, new int[] {10, 100}, 2000,
                DEFAULT_SEED);
    }

    /** The same configuration with another seed. */
    public LanguageMetricsConfig withSeed(long newSeed) {
        return new LanguageMetricsConfig(depth, recallKs, coverage, xrcCoverage, jbcK, ariK, routeKs,
                depthBootstrapReplicates, newSeed);
    }
}
