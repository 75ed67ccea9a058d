package io.clirbench.core.eval;

import io.clirbench.core.eval.StatisticsReport.GapTest;
import io.clirbench.core.eval.StatisticsReport.MetricInterval;
import io.clirbench.core.eval.StatisticsReport.OtherTests;
import io.clirbench.core.eval.StatisticsReport.PairTest;
import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.metrics.language.QueryOutcome.Scope;
import io.clirbench.core.stats.Bca;
import io.clirbench.core.stats.ClusterFrame;
import io.clirbench.core.stats.ClusteredBootstrap;
import io.clirbench.core.stats.Friedman;
import io.clirbench.core.stats.Holm;
import io.clirbench.core.stats.PairedTTest;
import io.clirbench.core.stats.PairedTestResult;
import io.clirbench.core.stats.SignFlipPermutation;
import io.clirbench.core.stats.WilcoxonSignedRank;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Computes {@link StatisticsReport} for the runs of one evaluation (METRICS.md §3). Every run's
 * outcomes cover the same queries in the same order (those with gold), so per-query values align.
 */
public final class Significance {

    /** The metrics that get intervals, with their per-query value (NaN outside the metric's domain). */
    static final Map<String, ToDoubleFunction<QueryOutcome>> INTERVAL_METRICS = Map.of(
            "R@10", o -> o.recall(10, Scope.ALL),
            "R@10_same", o -> o.recall(10, Scope.SAME),
            "R@10_cross", o -> o.recall(10, Scope.CROSS));
    static final List<String> INTERVAL_ORDER = List.of("R@10", "R@10_same", "R@10_cross");

    private final int replicates;
    private final long seed;
    private final double level;

    /** Statistics with B replicates, a seed and a confidence level (METRICS.md: 10,000 and 95%). */
    public Significance(int replicates, long seed, double level) {
        this.replicates = replicates;
        this.seed = seed;
        this.level = level;
    }

    /** Analyses the runs ({@code outcomes.get(i)} belongs to {@code runs.get(i)}). */
    public StatisticsReport analyse(List<String> runs, List<List<QueryOutcome>> outcomes) {
        checkAligned(runs, outcomes);
        Map<String, Map<String, MetricInterval>> intervals = new LinkedHashMap<>();
        runs.forEach(run -> intervals.put(run, new LinkedHashMap<>()));
        Series r10 = null;
        for (String metric : INTERVAL_ORDER) {
            Series series = series(outcomes, INTERVAL_METRICS.get(metric), o -> true);
            if (metric.equals("R@10")) {
                r10 = series;
            }
            for (int r = 0; r < runs.size(); r++) {
                if (series.frame != null) {
                    intervals.get(runs.get(r)).put(metric, series.interval(r));
                }
            }
        }
        List<GapTest> gaps = gaps(runs, outcomes);
        Friedman.Result friedman = null;
        List<PairTest> pairs = List.of();
        // Every pair is tested and reported whatever the omnibus result (no gatekeeping); Holm controls the family.
        if (runs.size() >= 2 && r10 != null && r10.frame != null) {
            friedman = Friedman.test(r10.values, r10.frame.families());
            pairs = pairs(runs, r10);
        }
        return new StatisticsReport(replicates, seed, level, intervals, gaps, friedman, pairs);
    }

    private List<GapTest> gaps(List<String> runs, List<List<QueryOutcome>> outcomes) {
        Series gap = series(outcomes, o -> o.recall(10, Scope.SAME) - o.recall(10, Scope.CROSS),
                o -> o.hasSame() && o.hasCross());
        if (gap.frame == null) {
            return List.of();
        }
        SignFlipPermutation signFlip = new SignFlipPermutation(replicates, seed);
        List<SignFlipPermutation.Result> tests = signFlip.test(gap.frame, List.of(gap.values));
        double[] holm = Holm.adjust(tests.stream().mapToDouble(t -> t.p() == null ? Double.NaN : t.p()).toArray());
        List<GapTest> gaps = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            MetricInterval interval = gap.interval(r);
            gaps.add(new GapTest(runs.get(r), interval.point(), interval.interval(), tests.get(r), boxed(holm[r])));
        }
        return gaps;
    }

    private List<PairTest> pairs(List<String> runs, Series r10) {
        SignFlipPermutation signFlip = new SignFlipPermutation(replicates, seed);
        List<int[]> pairIndex = new ArrayList<>();
        List<double[]> differences = new ArrayList<>();
        for (int a = 0; a < runs.size(); a++) {
            for (int b = a + 1; b < runs.size(); b++) {
                double[] difference = new double[r10.values[a].length];
                for (int i = 0; i < difference.length; i++) {
                    difference[i] = r10.values[a][i] - r10.values[b][i];
                }
                pairIndex.add(new int[] {a, b});
                differences.add(difference);
            }
        }
        List<SignFlipPermutation.Result> tests = signFlip.test(r10.frame, differences);
        double[] holm = Holm.adjust(tests.stream().mapToDouble(t -> t.p() == null ? Double.NaN : t.p()).toArray());
        List<PairedTestResult> tTests = new ArrayList<>();
        List<PairedTestResult> wilcoxon = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            tTests.add(descriptiveWhere(tests.get(i), PairedTTest.test(differences.get(i))));
            wilcoxon.add(descriptiveWhere(tests.get(i), WilcoxonSignedRank.test(differences.get(i))));
        }
        double[] tHolm = Holm.adjust(tTests.stream().mapToDouble(t -> t.p() == null ? Double.NaN : t.p()).toArray());
        double[] wHolm = Holm.adjust(wilcoxon.stream().mapToDouble(t -> t.p() == null ? Double.NaN : t.p()).toArray());
        List<PairTest> pairs = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            int a = pairIndex.get(i)[0];
            int b = pairIndex.get(i)[1];
            MetricInterval difference = r10.differenceInterval(a, b);
            pairs.add(new PairTest(runs.get(a), runs.get(b), difference.point(), difference.interval(), tests.get(i),
                    boxed(holm[i]), !Double.isNaN(holm[i]) && holm[i] < StatisticsReport.ALPHA,
                    new OtherTests(tTests.get(i), boxed(tHolm[i]), wilcoxon.get(i), boxed(wHolm[i]))));
        }
        return pairs;
    }

    /** {@code test} without its p where the sign-flip test is descriptive only (METRICS.md §3: one rule for every test). */
    private static PairedTestResult descriptiveWhere(SignFlipPermutation.Result signFlip, PairedTestResult test) {
        return signFlip.p() == null && signFlip.noPValueReason() != null
                ? new PairedTestResult(test.statistic(), null, signFlip.noPValueReason(), test.n())
                : test;
    }

    /** Per-run values of one metric on its domain, with the shared bootstrap replicates and jackknife. */
    private Series series(List<List<QueryOutcome>> outcomes, ToDoubleFunction<QueryOutcome> value,
                          java.util.function.Predicate<QueryOutcome> inDomain) {
        List<QueryOutcome> first = outcomes.get(0);
        List<Integer> domain = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            if (inDomain.test(first.get(i)) && !Double.isNaN(value.applyAsDouble(first.get(i)))) {
                domain.add(i);
            }
        }
        if (domain.isEmpty()) {
            return new Series(null, null, null, null, null);
        }
        ClusterFrame frame = ClusterFrame.of(domain.stream().map(i -> first.get(i).queryLanguage()).toList(),
                domain.stream().map(i -> first.get(i).query().family()).toList());
        double[][] values = new double[outcomes.size()][domain.size()];
        double[][] sums = new double[outcomes.size()][];
        for (int r = 0; r < outcomes.size(); r++) {
            for (int i = 0; i < domain.size(); i++) {
                values[r][i] = value.applyAsDouble(outcomes.get(r).get(domain.get(i)));
            }
            sums[r] = frame.clusterSums(values[r]);
        }
        ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, replicates, seed);
        return new Series(frame, values, sums, bootstrap.replicates(sums), bootstrap.jackknife(sums));
    }

    private final class Series {
        final ClusterFrame frame;
        final double[][] values;
        final double[][] sums;
        final double[][] replicates;
        final double[][] jackknife;

        Series(ClusterFrame frame, double[][] values, double[][] sums, double[][] replicates, double[][] jackknife) {
            this.frame = frame;
            this.values = values;
            this.sums = sums;
            this.replicates = replicates;
            this.jackknife = jackknife;
        }

        MetricInterval interval(int r) {
            double point = frame.balancedMean(sums[r]);
            return new MetricInterval(point, Bca.interval(point, replicates[r], jackknife[r], level),
                    frame.queries(), frame.families());
        }

        /** The balanced mean is linear in the values: the difference's replicates are the replicates' differences. */
        MetricInterval differenceInterval(int a, int b) {
            double point = frame.balancedMean(sums[a]) - frame.balancedMean(sums[b]);
            return new MetricInterval(point, Bca.interval(point, minus(replicates[a], replicates[b]),
                    minus(jackknife[a], jackknife[b]), level), frame.queries(), frame.families());
        }
    }

    private static double[] minus(double[] x, double[] y) {
        double[] d = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            d[i] = x[i] - y[i];
        }
        return d;
    }

    private static Double boxed(double value) {
        return Double.isNaN(value) ? null : value;
    }

    private static void checkAligned(List<String> runs, List<List<QueryOutcome>> outcomes) {
        if (runs.isEmpty() || runs.size() != outcomes.size()) {
            throw new IllegalArgumentException("need one outcome list per run, got " + runs.size() + " runs and "
                    + outcomes.size() + " lists");
        }
        List<QueryOutcome> first = outcomes.get(0);
        for (List<QueryOutcome> other : outcomes) {
            if (other.size() != first.size()) {
                throw new IllegalArgumentException("runs were evaluated on different query sets");
            }
            for (int i = 0; i < first.size(); i++) {
                if (!other.get(i).query().id().equals(first.get(i).query().id())) {
                    throw new IllegalArgumentException("runs were evaluated on different query sets");
                }
            }
        }
    }
}
