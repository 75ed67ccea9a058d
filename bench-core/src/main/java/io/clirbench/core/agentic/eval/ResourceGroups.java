package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Bca;
import io.clirbench.core.stats.ClusterFrame;
import io.clirbench.core.stats.ClusteredBootstrap;
import io.clirbench.core.stats.Interval;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Language-resource groups of one run (METRICS.md §5 "Language-resource groups"): per group the task declares, the
 * accuracy (over its queries), the evidence recall (over those with evidence and a run) and the search calls (over
 * those with a run), each a mean with its 95% BCa interval (clustered bootstrap, cluster = query); then, where the
 * task declares {@code high} and {@code low}, the difference high − low of each with a cluster-bootstrap interval that
 * resamples each group's queries apart (the groups hold different queries: descriptive, no paired test).
 *
 * @param run         the run name
 * @param groups      per declared group with at least one query, in declaration order
 * @param differences high − low per metric (accuracy, evidence recall, search calls); empty without both groups
 */
public record ResourceGroups(String run, List<Group> groups, List<Difference> differences) {

    /** The group names whose difference is reported. */
    public static final String HIGH = "high";
    public static final String LOW = "low";

    /**
     * One group.
     *
     * @param name           the group name
     * @param languages      its languages
     * @param queries        its queries (evidence language in the group)
     * @param accuracy       mean correctness
     * @param accuracyCi     its interval
     * @param evidenceRecall mean evidence recall ({@code null} when none has one)
     * @param recallCi       its interval
     * @param searchCalls    mean search calls over queries with a run ({@code null} when none has one)
     * @param searchCallsCi  its interval
     */
    public record Group(String name, List<String> languages, int queries, double accuracy, Interval accuracyCi,
                        Double evidenceRecall, Interval recallCi, Double searchCalls, Interval searchCallsCi) {
    }

    /**
     * A difference high − low.
     *
     * @param metric     {@code accuracy}, {@code evidence recall} or {@code search calls}
     * @param high       the high group's mean
     * @param low        the low group's mean
     * @param difference high − low
     * @param interval   its 95% BCa interval (each group's queries resampled apart)
     */
    public record Difference(String metric, double high, double low, double difference, Interval interval) {
    }

    private record Metric(String name, Function<AgentQueryScore, Double> value) {
    }

    private static final List<Metric> METRICS = List.of(
            new Metric("accuracy", q -> q.correct() ? 1.0 : 0.0),
            new Metric("evidence recall", AgentQueryScore::evidenceRecall),
            new Metric("search calls", q -> q.hasRun() ? (double) q.searchCalls() : null));

    /** The groups of a run's scores ({@code groups}: name → languages, as the task declares). */
    public static ResourceGroups of(RunScores scores, Map<String, List<String>> groups, int bootstrap, long seed) {
        return of(scores, groups, bootstrap, seed, false);
    }

    /** As {@link #of(RunScores, Map, int, long)}; {@code oracle}: an oracle run, which searched nothing, has no evidence recall. */
    public static ResourceGroups of(RunScores scores, Map<String, List<String>> groups, int bootstrap, long seed, boolean oracle) {
        List<Metric> metrics = oracle ? List.of(METRICS.get(0), new Metric("evidence recall", q -> null), METRICS.get(2)) : METRICS;
        List<Group> out = new ArrayList<>();
        Map<String, List<AgentQueryScore>> members = new java.util.LinkedHashMap<>();
        groups.forEach((name, langs) -> {
            List<AgentQueryScore> qs = scores.queries().stream().filter(q -> q.language() != null && langs.contains(q.language())).toList();
            if (qs.isEmpty()) {
                return;
            }
            members.put(name, qs);
            Interval[] cis = new Interval[metrics.size()];
            Double[] values = new Double[metrics.size()];
            for (int m = 0; m < metrics.size(); m++) {
                Function<AgentQueryScore, Double> value = metrics.get(m).value();
                List<AgentQueryScore> with = qs.stream().filter(q -> value.apply(q) != null).toList();
                double[] v = with.stream().mapToDouble(value::apply).toArray();
                values[m] = RunSummary.mean(v);
                cis[m] = AgentUncertainty.meanInterval(v, with.stream().map(AgentQueryScore::queryId).toList(), bootstrap, seed);
            }
            out.add(new Group(name, List.copyOf(langs), qs.size(), values[0], cis[0], values[1], cis[1], values[2], cis[2]));
        });
        List<Difference> differences = new ArrayList<>();
        if (members.containsKey(HIGH) && members.containsKey(LOW)) {
            for (Metric m : metrics) {
                Difference d = difference(m, members.get(HIGH), members.get(LOW), bootstrap, seed);
                if (d != null) {
                    differences.add(d);
                }
            }
        }
        return new ResourceGroups(scores.name(), out, differences);
    }

    private static Difference difference(Metric m, List<AgentQueryScore> high, List<AgentQueryScore> low, int bootstrap, long seed) {
        List<AgentQueryScore> h = high.stream().filter(q -> m.value().apply(q) != null).toList();
        List<AgentQueryScore> l = low.stream().filter(q -> m.value().apply(q) != null).toList();
        if (h.isEmpty() || l.isEmpty()) {
            return null;
        }
        double[] hv = h.stream().mapToDouble(q -> m.value().apply(q)).toArray();
        double[] lv = l.stream().mapToDouble(q -> m.value().apply(q)).toArray();
        double highMean = RunSummary.mean(hv);
        double lowMean = RunSummary.mean(lv);
        return new Difference(m.name(), highMean, lowMean, highMean - lowMean, interval(h, hv, l, lv, bootstrap, seed));
    }

    /**
     * The interval of high − low: a frame with the two groups as strata and the query as cluster, the low group's values
     * negated, so that its balanced mean is (high − low) / 2 and its stratified bootstrap resamples each group apart;
     * the BCa bounds of that mean, doubled (BCa respects a monotone transformation).
     */
    static Interval interval(List<AgentQueryScore> h, double[] hv, List<AgentQueryScore> l, double[] lv, int bootstrap, long seed) {
        if (bootstrap == 0) {
            return Interval.none("statistics turned off (--bootstrap 0)");
        }
        List<String> strata = new ArrayList<>(Collections.nCopies(h.size(), HIGH));
        strata.addAll(Collections.nCopies(l.size(), LOW));
        List<String> ids = new ArrayList<>(h.stream().map(AgentQueryScore::queryId).toList());
        ids.addAll(l.stream().map(AgentQueryScore::queryId).toList());
        double[] values = new double[hv.length + lv.length];
        for (int i = 0; i < hv.length; i++) {
            values[i] = hv[i];
        }
        for (int i = 0; i < lv.length; i++) {
            values[hv.length + i] = -lv[i];
        }
        ClusterFrame frame = ClusterFrame.of(strata, ids);
        double[][] sums = {frame.clusterSums(values)};
        ClusteredBootstrap b = new ClusteredBootstrap(frame, bootstrap, seed);
        Interval half = Bca.interval(frame.balancedMean(sums[0]), b.replicates(sums)[0], b.jackknife(sums)[0], 0.95);
        return new Interval(half.low() == null ? null : 2 * half.low(), half.high() == null ? null : 2 * half.high(),
                half.method(), half.note());
    }
}
