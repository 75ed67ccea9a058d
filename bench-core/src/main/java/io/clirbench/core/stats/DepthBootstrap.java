package io.clirbench.core.stats;

import io.clirbench.core.metrics.language.Percentiles;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Bootstrap standard error of a nearest-rank depth (METRICS.md §2 "Standard error of a depth"):
 * resample the domain's queries with replacement, take the percentile of each replicate
 * (a censored replicate counts as N+1) and return the sample standard deviation.
 *
 * <p>Resamples are drawn as query indices from a seeded generator, so depths over the same
 * domain with the same seed (k80_same, k80_cross, k*80) see the same resamples.
 */
public final class DepthBootstrap {

    private final int replicates;
    private final long seed;

    /** A bootstrap with the given number of resamples and seed (METRICS.md: 2,000). */
    public DepthBootstrap(int replicates, long seed) {
        if (replicates < 2) {
            throw new IllegalArgumentException("need at least 2 bootstrap replicates, got " + replicates);
        }
        this.replicates = replicates;
        this.seed = seed;
    }

    /**
     * Standard error of {@code D_c} of {@code values} (first ranks, {@code Integer.MAX_VALUE} for
     * not retrieved) at retrieval depth {@code depth}.
     */
    public double standardError(int[] values, double c, int depth) {
        int n = values.length;
        // Sort once; a replicate's percentile is then found by counting draws per sorted position.
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(values[a], values[b]));
        int[] sortedPosition = new int[n];
        int[] sorted = new int[n];
        for (int p = 0; p < n; p++) {
            sortedPosition[order[p]] = p;
            sorted[p] = values[order[p]] == Integer.MAX_VALUE ? depth + 1 : values[order[p]];
        }
        int target = Percentiles.nearestRankIndex(c, n) + 1; // how many draws must lie at or below
        SplittableRandom random = new SplittableRandom(seed);
        int[] counts = new int[n];
        double[] replicateDepths = new double[replicates];
        for (int b = 0; b < replicates; b++) {
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[sortedPosition[random.nextInt(n)]]++;
            }
            int cumulative = 0;
            int p = 0;
            while (cumulative + counts[p] < target) {
                cumulative += counts[p];
                p++;
            }
            replicateDepths[b] = sorted[p];
        }
        return sampleStandardDeviation(replicateDepths);
    }

    private static double sampleStandardDeviation(double[] values) {
        double mean = Arrays.stream(values).average().orElse(0);
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }
}
