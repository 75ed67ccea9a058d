package io.clirbench.benchmarks;

import io.clirbench.core.eval.Significance;
import io.clirbench.core.eval.StatisticsReport;
import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.model.Query;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Times the cross-run statistics of METRICS.md §3 on the workload: 8 retrievers x 1,000
 * queries, B = 10,000 (BCa intervals of R@10, R@10_same and R@10_cross per run, the paired
 * same-vs-cross gap test per run, Friedman and 28 pairwise sign-flip tests), against a naive
 * baseline measured in the same run (per retriever and per metric, boxed per-query loops, no
 * shared draws or per-family sums). Usage: see benchmarks/README.md.
 */
public final class StatisticsSpeedHarness {

    private static final String[] LANGS = {"ar", "de", "el", "en", "es", "hi", "ro", "ru", "th", "tr", "vi", "zh"};

    private StatisticsSpeedHarness() {
    }

    public static void main(String[] args) {
        int retrievers = 8;
        int queries = 1000;
        int replicates = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int repetitions = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> names = new ArrayList<>();
        List<List<QueryOutcome>> outcomes = new ArrayList<>();
        for (int r = 0; r < retrievers; r++) {
            names.add("retriever" + r);
            outcomes.add(synthetic(queries, 0.2 + 0.08 * r, 7L));
        }
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s, max heap %d MiB%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), Runtime.getRuntime().maxMemory() >> 20);
        System.out.printf(Locale.ROOT, "workload: %d retrievers x %d queries (12 languages, families of up to 12), B = %,d%n",
                retrievers, queries, replicates);
        Significance significance = new Significance(replicates, 42L, 0.95);
        double[] times = new double[repetitions];
        StatisticsReport report = null;
        for (int i = -2; i < repetitions; i++) { // two warm-ups
            long start = System.nanoTime();
            report = significance.analyse(names, outcomes);
            if (i >= 0) {
                times[i] = (System.nanoTime() - start) / 1e9;
            }
        }
        double ours = median(times);
        System.out.printf(Locale.ROOT, "clirbench statistics   median %.3f s  runs %s  (Friedman p = %s, %d pairs)%n", ours,
                Arrays.toString(round(times)), report.friedman().p(), report.pairs().size());
        long start = System.nanoTime();
        double checksum = NaiveStatistics.run(outcomes, replicates, 42L);
        double naive = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "naive baseline         %.3f s (one run after the warm-ups above; checksum %.4f)%n", naive, checksum);
        System.out.printf(Locale.ROOT, "naive / clirbench = %.1fx%n", naive / ours);
    }

    /** 1,000 queries in 12 languages; a family is one of ~250 passages, asked in several languages. */
    static List<QueryOutcome> synthetic(int queries, double hitProbability, long seed) {
        SplittableRandom structure = new SplittableRandom(seed);
        SplittableRandom hits = new SplittableRandom(seed * 31 + Double.doubleToLongBits(hitProbability));
        List<QueryOutcome> outcomes = new ArrayList<>(queries);
        for (int i = 0; i < queries; i++) {
            String lang = LANGS[i % LANGS.length];
            String family = "p" + structure.nextInt(250);
            Query query = new Query("q" + i, "text", lang, family, Map.of());
            String[] goldLangs = new String[LANGS.length];
            boolean[] same = new boolean[LANGS.length];
            int[] ranks = new int[LANGS.length];
            for (int g = 0; g < LANGS.length; g++) {
                goldLangs[g] = LANGS[g];
                same[g] = LANGS[g].equals(lang);
                double p = same[g] ? Math.min(1, hitProbability * 1.5) : hitProbability;
                ranks[g] = hits.nextDouble() < p ? 1 + hits.nextInt(10) : 11 + hits.nextInt(2000);
                ranks[g] = ranks[g] > 1000 ? QueryOutcome.NOT_RETRIEVED : ranks[g];
            }
            outcomes.add(new QueryOutcome(query, goldLangs, same, ranks));
        }
        return outcomes;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double[] round(double[] values) {
        return Arrays.stream(values).map(v -> Math.round(v * 1000) / 1000.0).toArray();
    }
}
