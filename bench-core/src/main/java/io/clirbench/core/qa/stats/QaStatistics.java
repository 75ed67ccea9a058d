package io.clirbench.core.qa.stats;

import io.clirbench.core.qa.eval.Descriptor;
import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.QaMeasure;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.stats.Bca;
import io.clirbench.core.stats.ClusterFrame;
import io.clirbench.core.stats.ClusteredBootstrap;
import io.clirbench.core.stats.Holm;
import io.clirbench.core.stats.SignFlipPermutation;
import io.clirbench.core.stats.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Intervals and paired tests over the results of one or more prediction files on the same instances
 * (METRICS.md §4 "Uncertainty", with the procedures of §3).
 *
 * <p>The clustered bootstrap of §3 resamples a <em>language-balanced</em> mean, so each interval is about
 * the domain's macro F1 over question languages (reported beside it as {@code balanced}); it equals the
 * pooled mean when every question language has the same number of examples, as in xquad-mix. Intervals are
 * given on {@code overall}, every condition and every script relation present; tests on {@code overall} and the
 * conditions. The same draws (one seed) serve every system and
 * component, so intervals of different files are paired.
 */
public final class QaStatistics {

    /** The components whose F1 gets paired tests (the measures that get intervals are those of the results' registry). */
    public static final List<String> TESTED_COMPONENTS = List.of("joint", "answer");
    private static final double LEVEL = 0.95;

    private final int replicates;
    private final long seed;

    /** Statistics with {@code stats.bootstrap()} resamples and sign-flip patterns (METRICS.md: 10,000) and its seed. */
    public QaStatistics(Stats stats) {
        this.replicates = stats.bootstrap();
        this.seed = stats.seed();
    }

    /** The outcome: intervals per system, domain and component; paired comparisons per pair, component and domain. */
    public record Outcome(List<F1Interval> intervals, List<PairedComparison> comparisons) {
    }

    /** Computes every interval and, with two or more systems, every paired test. */
    public Outcome compute(Map<String, QaResult> systems) {
        List<String> names = List.copyOf(systems.keySet());
        List<ExampleRecord> reference = systems.get(names.get(0)).examples();
        QaMeasures measures = systems.get(names.get(0)).measures();
        for (String name : names) {
            List<ExampleRecord> other = systems.get(name).examples();
            if (other.size() != reference.size()
                    || !java.util.stream.IntStream.range(0, other.size()).allMatch(i -> other.get(i).id().equals(reference.get(i).id()))) {
                throw new IllegalArgumentException("prediction files " + names.get(0) + " and " + name + " were not scored on the same instances");
            }
        }
        Map<String, int[]> domains = domains(reference);
        Map<String, int[]> withScripts = new LinkedHashMap<>(domains);
        for (String relation : List.of("same-script", "mixed-script", "different-script")) {
            int[] members = java.util.stream.IntStream.range(0, reference.size())
                    .filter(i -> reference.get(i).descriptor().scriptRelation().equals(relation)).toArray();
            if (members.length > 0) {
                withScripts.put(relation, members);
            }
        }
        List<F1Interval> intervals = new ArrayList<>();
        List<PairedComparison> comparisons = new ArrayList<>();
        // the domains are independent resamplings (each from the seed): computed at once, listed in order; with no more
        // cores than domains each domain's replicates run on one thread (no start positions to walk: less work in all)
        List<Map.Entry<String, int[]>> each = List.copyOf(withScripts.entrySet());
        boolean parallelReplicates = Runtime.getRuntime().availableProcessors() > each.size();
        java.util.stream.IntStream.range(0, each.size()).parallel()
                .mapToObj(d -> intervals(systems, names, each.get(d).getKey(), each.get(d).getValue(),
                        frame(reference, each.get(d).getValue()), measures.withIntervals(), parallelReplicates))
                .toList()
                .forEach(intervals::addAll);
        for (int a = 0; a < names.size(); a++) {
            for (int b = a + 1; b < names.size(); b++) {
                for (String component : TESTED_COMPONENTS) {
                    comparisons.addAll(compare(systems.get(names.get(a)), systems.get(names.get(b)), names.get(a), names.get(b),
                            component, measures.get(component + "_f1"), domains, reference));
                }
            }
        }
        return new Outcome(intervals, comparisons);
    }

    private List<F1Interval> intervals(Map<String, QaResult> systems, List<String> names, String domain, int[] members,
                                       ClusterFrame frame, List<QaMeasure> measures, boolean parallelReplicates) {
        int series = names.size() * measures.size();
        double[][] sums = new double[series][];
        for (int s = 0; s < names.size(); s++) {
            List<ExampleRecord> examples = systems.get(names.get(s)).examples();
            for (int m = 0; m < measures.size(); m++) {
                sums[s * measures.size() + m] = frame.clusterSums(values(examples, members, measures.get(m)));
            }
        }
        ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, replicates, seed);
        double[][] reps = bootstrap.replicates(sums, parallelReplicates);
        double[][] jack = bootstrap.jackknife(sums);
        List<F1Interval> out = new ArrayList<>();
        for (int s = 0; s < names.size(); s++) {
            for (int m = 0; m < measures.size(); m++) {
                int r = s * measures.size() + m;
                double point = frame.balancedMean(sums[r]);
                out.add(new F1Interval(names.get(s), domain, measures.get(m).key(), measures.get(m).component(), members.length,
                        frame.strata(), frame.families(), point, Bca.interval(point, reps[r], jack[r], LEVEL)));
            }
        }
        return out;
    }

    private List<PairedComparison> compare(QaResult first, QaResult second, String a, String b, String component,
                                           QaMeasure f1, Map<String, int[]> domains, List<ExampleRecord> reference) {
        SignFlipPermutation test = new SignFlipPermutation(replicates, seed);
        List<String> names = new ArrayList<>();
        List<SignFlipPermutation.Result> results = new ArrayList<>();
        for (Map.Entry<String, int[]> domain : domains.entrySet()) {
            int[] members = domain.getValue();
            double[] x = values(first.examples(), members, f1);
            double[] y = values(second.examples(), members, f1);
            double[] diff = new double[x.length];
            for (int i = 0; i < diff.length; i++) {
                diff[i] = x[i] - y[i];
            }
            names.add(domain.getKey());
            results.add(test.test(frame(reference, members), diff));
        }
        // Holm across the conditions; overall is a family of its own (one test, unadjusted)
        double[] conditionP = new double[results.size()];
        for (int i = 0; i < results.size(); i++) {
            Double p = results.get(i).p();
            conditionP[i] = names.get(i).equals("overall") || p == null ? Double.NaN : p;
        }
        double[] adjusted = Holm.adjust(conditionP);
        List<PairedComparison> out = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            SignFlipPermutation.Result r = results.get(i);
            Double holm = r.p() == null ? null : names.get(i).equals("overall") ? r.p() : Double.valueOf(adjusted[i]);
            out.add(new PairedComparison(a, b, component, names.get(i), r.paired(), r.statistic(), r.p(), holm, r.noPValueReason()));
        }
        return out;
    }

    // overall first, then the conditions present in the paper's order
    private static Map<String, int[]> domains(List<ExampleRecord> examples) {
        Map<String, int[]> out = new LinkedHashMap<>();
        out.put("overall", java.util.stream.IntStream.range(0, examples.size()).toArray());
        for (String condition : Descriptor.CONDITIONS) {
            int[] members = java.util.stream.IntStream.range(0, examples.size())
                    .filter(i -> examples.get(i).descriptor().condition().equals(condition)).toArray();
            if (members.length > 0) {
                out.put(condition, members);
            }
        }
        return out;
    }

    private static ClusterFrame frame(List<ExampleRecord> examples, int[] members) {
        List<String> languages = new ArrayList<>(members.length);
        List<String> clusters = new ArrayList<>(members.length);
        for (int i : members) {
            languages.add(examples.get(i).questionLanguage());
            clusters.add(examples.get(i).sourceId());
        }
        return ClusterFrame.of(languages, clusters);
    }

    private static double[] values(List<ExampleRecord> examples, int[] members, QaMeasure measure) {
        double[] out = new double[members.length];
        for (int i = 0; i < members.length; i++) {
            out[i] = measure.of(examples.get(members[i]).score());
        }
        return out;
    }
}
