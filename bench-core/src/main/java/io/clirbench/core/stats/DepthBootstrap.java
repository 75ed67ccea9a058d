package io.clirbench.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Bootstrap standard error of a nearest-rank depth (METRICS.md §2 "Standard error of a depth"):
 * resample the domain's queries with replacement, take the percentile of each replicate
 * (a censored replicate counts as N+1) and return the sample standard deviation.
 *
 * <p>Resamples are drawn as query indices from a seeded generator, so depths over the same
 * domain with the same seed (k80_same, k80_cross, k*80) see the same resamples.
 */
public final class DepthBootstrap {

    /** Replicates per parallel task. */
    private static final int CHUNK = 32;

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
        return standardErrors(List.of(values), c, depth)[0];
    }

    /**
     * {@link #standardError} of each of several value sets over the same domain (equal lengths),
     * with the same resamples, drawn once. Replicate b's draws are the {@code nextInt(n)} draws
     * {@code b·n … b·n + n − 1} of {@code new SplittableRandom(seed)}; their start positions are
     * walked first, then the replicates are computed in parallel chunks: the same values as
     * sequentially, whatever the number of threads.
     */
    public double[] standardErrors(List<int[]> valueSets, double c, int depth) {
        int n = valueSets.get(0).length;
        int sets = valueSets.size();
        int[][] sortedPosition = new int[sets][];
        int[][] sorted = new int[sets][];
        for (int k = 0; k < sets; k++) {
            if (valueSets.get(k).length != n) {
                throw new IllegalArgumentException("value sets of different sizes: " + n + " and " + valueSets.get(k).length);
            }
            sortedPosition[k] = new int[n];
            sorted[k] = new int[n];
            sortOnce(valueSets.get(k), depth, sortedPosition[k], sorted[k]);
        }
        int target = NearestRankPercentile.nearestRankIndex(c, n) + 1; // how many draws must lie at or below
        SplitMix.Bound bound = new SplitMix.Bound(n);
        long[] starts = new long[replicates];
        SplitMix walk = new SplitMix(seed);
        for (int b = 0; b < replicates; b++) {
            starts[b] = walk.state();
            walk.skip(bound, n);
        }
        double[][] replicateDepths = new double[sets][replicates];
        IntStream.range(0, (replicates + CHUNK - 1) / CHUNK).parallel().forEach(chunk -> {
            int[] draws = new int[n];
            int[] counts = new int[n];
            for (int b = chunk * CHUNK; b < Math.min(replicates, (chunk + 1) * CHUNK); b++) {
                SplitMix random = new SplitMix(starts[b]);
                for (int i = 0; i < n; i++) {
                    draws[i] = random.nextInt(bound);
                }
                for (int k = 0; k < sets; k++) {
                    replicateDepths[k][b] = replicateDepth(draws, sortedPosition[k], sorted[k], target, counts);
                }
            }
        });
        double[] errors = new double[sets];
        for (int k = 0; k < sets; k++) {
            errors[k] = sampleStandardDeviation(replicateDepths[k]);
        }
        return errors;
    }

    /** Sorts once; a replicate's percentile is then found by counting draws per sorted position. */
    private static void sortOnce(int[] values, int depth, int[] sortedPosition, int[] sorted) {
        int n = values.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(values[a], values[b]));
        for (int p = 0; p < n; p++) {
            sortedPosition[order[p]] = p;
            sorted[p] = values[order[p]] == Integer.MAX_VALUE ? depth + 1 : values[order[p]];
        }
    }

    private static double replicateDepth(int[] draws, int[] sortedPosition, int[] sorted, int target, int[] counts) {
        Arrays.fill(counts, 0);
        for (int d : draws) {
            counts[sortedPosition[d]]++;
        }
        int cumulative = 0;
        int p = 0;
        while (cumulative + counts[p] < target) {
            cumulative += counts[p];
            p++;
        }
        return sorted[p];
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
