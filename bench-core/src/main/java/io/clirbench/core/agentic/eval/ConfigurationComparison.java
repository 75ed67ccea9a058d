package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Holm;
import io.clirbench.core.stats.SignFlipPermutation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * XBCP's comparison across configurations (METRICS.md §5 "Across configurations"): one agent and retriever run under
 * several configurations of the same task, one of them the reference ({@code original}). Per configuration, per
 * evidence language under that configuration and overall ({@link #ALL}): N, accuracy and evidence recall, the
 * reference's values on the same queries, and the paired difference (configuration − reference) with the paired
 * sign-flip test on the shared queries; the p-values of every comparison shown are Holm-adjusted together.
 *
 * @param task      the task id
 * @param agent     the agent (the runs' model), {@code null} when the run files name none
 * @param reference the reference configuration
 * @param bootstrap sign-flip patterns (0: no tests)
 * @param seed      their seed
 * @param rows      the reference's rows first, then each other configuration's, languages sorted, {@link #ALL} last
 */
public record ConfigurationComparison(String task, String agent, String reference, int bootstrap, long seed, List<Row> rows) {

    /** The language name of the overall row. */
    public static final String ALL = "all";

    /** The reference configuration. */
    public static final String ORIGINAL = "original";

    /**
     * One configuration and evidence language.
     *
     * @param configuration       the configuration
     * @param language            the evidence language under it, or {@link #ALL}
     * @param queries             scored queries of that language
     * @param accuracy            their accuracy
     * @param evidenceRecall      their mean evidence recall ({@code null} when none has one)
     * @param referenceAccuracy   the reference run's accuracy on the paired queries ({@code null} on reference rows)
     * @param referenceRecall     the reference run's mean evidence recall on the paired queries
     * @param accuracyDifference  the paired accuracy difference ({@code null} on reference rows)
     * @param recallDifference    the paired evidence-recall difference
     */
    public record Row(String configuration, String language, int queries, double accuracy, Double evidenceRecall,
                      Double referenceAccuracy, Double referenceRecall, Difference accuracyDifference,
                      Difference recallDifference) {
    }

    /**
     * A paired difference (configuration − reference).
     *
     * @param paired     queries in both runs with a value
     * @param difference mean of the per-query differences (NaN when none)
     * @param p          two-sided sign-flip p-value, {@code null} when not computed (see note)
     * @param pHolm      Holm-adjusted over every difference of the comparison
     * @param note       why there is no p-value, or {@code null}
     */
    public record Difference(int paired, double difference, Double p, Double pHolm, String note) {
    }

    /**
     * Compares the runs of {@code evaluation} (each scored against its own configuration): exactly one run per
     * configuration, one of them {@link #ORIGINAL}, all of one agent; an error saying which rule is broken otherwise.
     */
    public static ConfigurationComparison of(AgentEvaluation evaluation) {
        List<String> labels = new ArrayList<>();
        for (AgentRunResult r : evaluation.runs()) {
            if (r.configuration() == null) {
                throw new IllegalArgumentException("run '" + r.summary().name() + "' has no configuration: a comparison across"
                        + " configurations needs a task");
            }
            labels.add(r.configuration());
        }
        return of(evaluation, labels, ORIGINAL, "configuration");
    }

    /**
     * The same comparison along another axis (a run setting such as the reasoning effort): run i of
     * {@code evaluation} is labelled {@code labels.get(i)} (the rows' {@code configuration}), one run per label, one of
     * them {@code reference}; each run is still scored against its own configuration. {@code axis} names the labels in
     * messages.
     */
    public static ConfigurationComparison of(AgentEvaluation evaluation, List<String> labels, String reference, String axis) {
        Map<String, AgentRunResult> byConfiguration = new LinkedHashMap<>();
        String agent = null;
        for (int i = 0; i < evaluation.runs().size(); i++) {
            AgentRunResult r = evaluation.runs().get(i);
            String c = labels.get(i);
            AgentRunResult earlier = byConfiguration.put(c, r);
            if (earlier != null) {
                throw new IllegalArgumentException("runs '" + earlier.summary().name() + "' and '" + r.summary().name()
                        + "' are both under " + axis + " '" + c + "'; compare one run per " + axis);
            }
            String model = r.summary().model();
            if (model != null && agent != null && !agent.equals(model)) {
                throw new IllegalArgumentException("run '" + r.summary().name() + "' is of agent '" + model + "', another of '"
                        + agent + "': a comparison across " + axis + "s is of one agent");
            }
            agent = agent == null ? model : agent;
        }
        AgentRunResult ref = byConfiguration.get(reference);
        if (ref == null) {
            throw new IllegalArgumentException("no run under " + axis + " '" + reference + "' (runs are under "
                    + byConfiguration.keySet() + "): the differences are to '" + reference + "'");
        }
        if (byConfiguration.size() < 2) {
            throw new IllegalArgumentException("only " + axis + " '" + reference + "': give a run under another " + axis + " too");
        }
        Map<String, AgentQueryScore> refById = new HashMap<>();
        ref.scores().queries().forEach(q -> refById.put(q.queryId(), q));
        List<Row> raw = new ArrayList<>();
        for (Map.Entry<String, AgentRunResult> entry : byConfiguration.entrySet()) {
            AgentRunResult r = entry.getValue();
            boolean isRef = r == ref;
            Map<String, List<AgentQueryScore>> byLang = new TreeMap<>();
            for (AgentQueryScore q : r.scores().queries()) {
                if (q.language() != null) {
                    byLang.computeIfAbsent(q.language(), l -> new ArrayList<>()).add(q);
                }
            }
            Map<String, List<AgentQueryScore>> ordered = new LinkedHashMap<>(byLang);
            ordered.remove(ALL); // a language code is never "all" (ISO 639-1), but keep the overall row last regardless
            ordered.put(ALL, r.scores().queries());
            for (Map.Entry<String, List<AgentQueryScore>> e : ordered.entrySet()) {
                raw.add(row(entry.getKey(), e.getKey(), e.getValue(), isRef ? null : refById, evaluation.bootstrap(),
                        evaluation.seed()));
            }
        }
        List<Double> ps = new ArrayList<>();
        for (Row row : raw) {
            if (row.accuracyDifference() != null) {
                ps.add(pOrNaN(row.accuracyDifference()));
                ps.add(pOrNaN(row.recallDifference()));
            }
        }
        double[] holm = Holm.adjust(ps.stream().mapToDouble(Double::doubleValue).toArray());
        List<Row> rows = new ArrayList<>();
        int k = 0;
        for (Row row : raw) {
            if (row.accuracyDifference() == null) {
                rows.add(row);
                continue;
            }
            rows.add(new Row(row.configuration(), row.language(), row.queries(), row.accuracy(), row.evidenceRecall(),
                    row.referenceAccuracy(), row.referenceRecall(), adjusted(row.accuracyDifference(), holm[k]),
                    adjusted(row.recallDifference(), holm[k + 1])));
            k += 2;
        }
        return new ConfigurationComparison(evaluation.task(), agent, reference, evaluation.bootstrap(), evaluation.seed(), rows);
    }

    private static double pOrNaN(Difference d) {
        return d.p() == null ? Double.NaN : d.p();
    }

    private static Difference adjusted(Difference d, double holm) {
        return new Difference(d.paired(), d.difference(), d.p(), Double.isNaN(holm) ? null : holm, d.note());
    }

    private static Row row(String configuration, String language, List<AgentQueryScore> qs, Map<String, AgentQueryScore> ref,
                           int bootstrap, long seed) {
        int correct = (int) qs.stream().filter(AgentQueryScore::correct).count();
        Double recall = RunSummary.mean(qs.stream().filter(q -> q.evidenceRecall() != null).mapToDouble(AgentQueryScore::evidenceRecall).toArray());
        double accuracy = qs.isEmpty() ? 0 : (double) correct / qs.size();
        if (ref == null) {
            return new Row(configuration, language, qs.size(), accuracy, recall, null, null, null, null);
        }
        List<String> accIds = new ArrayList<>();
        List<Double> accDiffs = new ArrayList<>();
        List<Double> refAcc = new ArrayList<>();
        List<String> recIds = new ArrayList<>();
        List<Double> recDiffs = new ArrayList<>();
        List<Double> refRec = new ArrayList<>();
        for (AgentQueryScore q : qs) {
            AgentQueryScore r = ref.get(q.queryId());
            if (r == null) {
                continue;
            }
            accIds.add(q.queryId());
            accDiffs.add((q.correct() ? 1.0 : 0.0) - (r.correct() ? 1.0 : 0.0));
            refAcc.add(r.correct() ? 1.0 : 0.0);
            if (q.evidenceRecall() != null && r.evidenceRecall() != null) {
                recIds.add(q.queryId());
                recDiffs.add(q.evidenceRecall() - r.evidenceRecall());
                refRec.add(r.evidenceRecall());
            }
        }
        return new Row(configuration, language, qs.size(), accuracy, recall, mean(refAcc), mean(refRec),
                difference(accIds, accDiffs, bootstrap, seed), difference(recIds, recDiffs, bootstrap, seed));
    }

    private static Double mean(List<Double> values) {
        return RunSummary.mean(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Difference difference(List<String> ids, List<Double> diffs, int bootstrap, long seed) {
        double[] d = diffs.stream().mapToDouble(Double::doubleValue).toArray();
        if (d.length == 0) {
            return new Difference(0, Double.NaN, null, null, "no paired queries");
        }
        double mean = Objects.requireNonNull(RunSummary.mean(d));
        if (bootstrap == 0) {
            return new Difference(d.length, mean, null, null, "statistics turned off (--bootstrap 0)");
        }
        SignFlipPermutation.Result r = AgentUncertainty.paired(d, ids, bootstrap, seed);
        return new Difference(r.paired(), r.statistic(), r.p(), null, r.noPValueReason());
    }
}
