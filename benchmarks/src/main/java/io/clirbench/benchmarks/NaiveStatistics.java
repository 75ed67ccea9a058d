package io.clirbench.benchmarks;

import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.metrics.language.QueryOutcome.Scope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;

/**
 * The baseline of {@link StatisticsSpeedHarness}: the same resampling written the obvious way,
 * per retriever and per metric, over boxed per-language family lists, recomputing every mean
 * from the per-query values (no per-family sums, no draws shared between retrievers).
 */
final class NaiveStatistics {

    private NaiveStatistics() {
    }

    /** Runs the workload and returns a checksum (so the JIT cannot drop the work). */
    static double run(List<List<QueryOutcome>> outcomes, int replicates, long seed) {
        double checksum = 0;
        List<ToDoubleFunction<QueryOutcome>> metrics = List.of(
                o -> o.recall(10, Scope.ALL), o -> o.recall(10, Scope.SAME), o -> o.recall(10, Scope.CROSS),
                o -> o.hasSame() && o.hasCross() ? o.recall(10, Scope.SAME) - o.recall(10, Scope.CROSS) : Double.NaN);
        for (List<QueryOutcome> run : outcomes) {
            for (ToDoubleFunction<QueryOutcome> metric : metrics) {
                checksum += bootstrap(run, metric, replicates, new Random(seed));
            }
        }
        for (List<QueryOutcome> run : outcomes) { // gap tests
            checksum += signFlip(run, o -> o.hasSame() && o.hasCross()
                    ? o.recall(10, Scope.SAME) - o.recall(10, Scope.CROSS) : Double.NaN, replicates, new Random(seed));
        }
        for (int a = 0; a < outcomes.size(); a++) { // pairwise tests
            for (int b = a + 1; b < outcomes.size(); b++) {
                List<QueryOutcome> runA = outcomes.get(a);
                List<QueryOutcome> runB = outcomes.get(b);
                Map<String, Double> other = new HashMap<>();
                runB.forEach(o -> other.put(o.query().id(), o.recall(10, Scope.ALL)));
                checksum += signFlip(runA, o -> o.recall(10, Scope.ALL) - other.get(o.query().id()), replicates, new Random(seed));
            }
        }
        return checksum;
    }

    private static double bootstrap(List<QueryOutcome> run, ToDoubleFunction<QueryOutcome> metric, int replicates, Random random) {
        Map<String, Map<String, List<Double>>> byLang = new LinkedHashMap<>();
        for (QueryOutcome o : run) {
            double v = metric.applyAsDouble(o);
            if (!Double.isNaN(v)) {
                byLang.computeIfAbsent(o.query().lang(), l -> new LinkedHashMap<>())
                        .computeIfAbsent(o.query().family(), f -> new ArrayList<>()).add(v);
            }
        }
        double sum = 0;
        for (int b = 0; b < replicates; b++) {
            double total = 0;
            for (Map<String, List<Double>> families : byLang.values()) {
                List<List<Double>> clusters = new ArrayList<>(families.values());
                double s = 0;
                int n = 0;
                for (int d = 0; d < clusters.size(); d++) {
                    for (Double v : clusters.get(random.nextInt(clusters.size()))) {
                        s += v;
                        n++;
                    }
                }
                total += s / n;
            }
            sum += total / byLang.size();
        }
        return sum / replicates;
    }

    private static double signFlip(List<QueryOutcome> run, ToDoubleFunction<QueryOutcome> difference, int replicates, Random random) {
        List<QueryOutcome> domain = run.stream().filter(o -> !Double.isNaN(difference.applyAsDouble(o))).toList();
        List<String> families = domain.stream().map(o -> o.query().family()).distinct().toList();
        int extreme = 0;
        double observed = balanced(domain, difference, Map.of());
        for (int b = 0; b < replicates; b++) {
            Map<String, Integer> signs = new HashMap<>();
            for (String f : families) {
                signs.put(f, random.nextBoolean() ? 1 : -1);
            }
            if (Math.abs(balanced(domain, difference, signs)) >= Math.abs(observed) - 1e-12) {
                extreme++;
            }
        }
        return (1.0 + extreme) / (replicates + 1.0);
    }

    private static double balanced(List<QueryOutcome> domain, ToDoubleFunction<QueryOutcome> value, Map<String, Integer> signs) {
        Map<String, double[]> byLang = new HashMap<>();
        for (QueryOutcome o : domain) {
            double[] acc = byLang.computeIfAbsent(o.query().lang(), l -> new double[2]);
            acc[0] += signs.getOrDefault(o.query().family(), 1) * value.applyAsDouble(o);
            acc[1]++;
        }
        return byLang.values().stream().mapToDouble(a -> a[0] / a[1]).average().orElse(0);
    }
}
