package io.clirbench.core.qa.eval;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Streaming evaluation of one prediction file against a QA dataset (METRICS.md §4): instances are
 * offered one at a time ({@link #accept}), so memory holds one instance plus the aggregates and the
 * small per-example records; {@link #finish} builds the {@link QaResult}.
 */
public final class QaEvaluator {

    private final ExampleScorer scorer;
    private final Protocol protocol;
    private final Map<String, QaPrediction> predictions;
    private final boolean keepExamples;
    private final Set<String> goldIds;
    private final List<ExampleRecord> examples = new ArrayList<>();
    private final QaMeasures measures;
    private final Aggregate.Sums overall;
    private final Map<String, Map<String, Aggregate.Sums>> groups = new HashMap<>();
    // the descriptor values of every example, in gold order (the summaries' medians need them all)
    private double[] rhoG = new double[1024];
    private double[] rhoD = new double[1024];
    private double[] entropy = new double[1024];
    private double[] languages = new double[1024];
    private int count;
    private int withDistractors;
    private int missing;

    /** An evaluator of the predictions (by id) under the protocol that keeps every per-example record. */
    public QaEvaluator(Protocol protocol, Map<String, QaPrediction> predictions) {
        this(protocol, predictions, true, false);
    }

    /**
     * An evaluator of the predictions (by id) under the protocol.
     *
     * @param keepExamples  keep the per-example records ({@link QaResult#examples}: the intervals, per-example.csv and the
     *                      heat map need them; the means and summaries do not), else the result's list is empty
     * @param uniqueGoldIds the caller guarantees that no gold id comes twice (a validated dataset): no set of the ids
     *                      seen is kept, and the unexpected predictions are those not matched by a gold instance
     */
    public QaEvaluator(Protocol protocol, Map<String, QaPrediction> predictions, boolean keepExamples, boolean uniqueGoldIds) {
        this(protocol, predictions, keepExamples, uniqueGoldIds, QaMeasures.STANDARD);
    }

    /** As {@link #QaEvaluator(Protocol, Map, boolean, boolean)}, aggregating the measures of {@code measures}. */
    public QaEvaluator(Protocol protocol, Map<String, QaPrediction> predictions, boolean keepExamples, boolean uniqueGoldIds,
                       QaMeasures measures) {
        this.measures = measures;
        this.overall = new Aggregate.Sums(measures);
        this.protocol = protocol;
        this.scorer = new ExampleScorer(protocol);
        this.predictions = predictions;
        this.keepExamples = keepExamples;
        this.goldIds = uniqueGoldIds ? null : new HashSet<>();
    }

    /** Scores one gold instance (ids must be unique; the dataset reader guarantees it). */
    public ExampleRecord accept(QaInstance instance) {
        if (goldIds != null && !goldIds.add(instance.id())) {
            throw new IllegalArgumentException("duplicate gold id '" + instance.id() + "'");
        }
        return add(score(instance));
    }

    /**
     * The scores and descriptors of one instance, aggregated nowhere yet ({@link #add} does that): reads only the
     * predictions, so several threads may score at once.
     */
    public ExampleRecord score(QaInstance instance) {
        QaPrediction prediction = predictions.get(instance.id());
        ExampleScore score = scorer.score(instance, prediction);
        return new ExampleRecord(instance.id(), LanguageTag.identityOf(instance.questionLanguage()), instance.sourceId(),
                prediction != null, score, Descriptor.of(instance));
    }

    /**
     * Adds one scored example to the aggregates; examples are added in gold order, one at a time. The gold id is
     * checked for repeats by {@link #accept} only.
     */
    public ExampleRecord add(ExampleRecord record) {
        if (!record.predictionPresent()) {
            missing++;
        }
        ExampleScore score = record.score();
        Descriptor d = record.descriptor();
        overall.add(score);
        add("by_question_language", record.questionLanguage(), score);
        add("by_language_condition", d.condition(), score);
        add("by_script_relation", d.scriptRelation(), score);
        add("by_gold_mismatch", d.goldMismatchBin(), score);
        add("by_distractor_mismatch", d.distractorMismatchBin(), score);
        add("by_gold_entropy", d.goldEntropyBin(), score);
        add("by_distinct_candidate_languages", d.candidateLanguagesBin(), score);
        if (count == rhoG.length) {
            int grown = count * 2;
            rhoG = java.util.Arrays.copyOf(rhoG, grown);
            rhoD = java.util.Arrays.copyOf(rhoD, grown);
            entropy = java.util.Arrays.copyOf(entropy, grown);
            languages = java.util.Arrays.copyOf(languages, grown);
        }
        rhoG[count] = d.goldMismatch();
        entropy[count] = d.goldEntropy();
        languages[count] = d.candidateLanguages();
        if (d.distractorMismatch() != null) {
            rhoD[withDistractors++] = d.distractorMismatch();
        }
        count++;
        if (keepExamples) {
            examples.add(record);
        }
        return record;
    }

    private void add(String family, String key, ExampleScore score) {
        groups.computeIfAbsent(family, f -> new HashMap<>()).computeIfAbsent(key, k -> new Aggregate.Sums(measures)).add(score);
    }

    /** The result over every instance accepted so far. */
    public QaResult finish() {
        int unexpected = 0;
        if (goldIds == null) {
            unexpected = predictions.size() - (count - missing); // unique gold ids: each matched one prediction
        } else {
            for (String id : predictions.keySet()) {
                if (!goldIds.contains(id)) {
                    unexpected++;
                }
            }
        }
        Map<String, Aggregate> byLanguage = sorted("by_question_language");
        Map<String, Map<String, Aggregate>> bins = new LinkedHashMap<>();
        bins.put("by_gold_mismatch", ordered("by_gold_mismatch", Descriptor.MISMATCH_BINS));
        bins.put("by_distractor_mismatch", ordered("by_distractor_mismatch", Descriptor.MISMATCH_BINS));
        bins.put("by_gold_entropy", ordered("by_gold_entropy", Descriptor.ENTROPY_BINS));
        bins.put("by_distinct_candidate_languages", ordered("by_distinct_candidate_languages", Descriptor.LANGUAGE_COUNT_BINS));
        return new QaResult(protocol, count, missing, unexpected, overall.toAggregate(), macro(byLanguage), byLanguage,
                sorted("by_language_condition"), sorted("by_script_relation"), summaries(), bins, List.copyOf(examples),
                measures);
    }

    private Map<String, Aggregate> sorted(String family) {
        Map<String, Aggregate> out = new LinkedHashMap<>();
        new TreeMap<>(groups.getOrDefault(family, Map.of())).forEach((k, v) -> out.put(k, v.toAggregate()));
        return out;
    }

    private Map<String, Aggregate> ordered(String family, List<String> order) {
        Map<String, Aggregate.Sums> sums = groups.getOrDefault(family, Map.of());
        Map<String, Aggregate> out = new LinkedHashMap<>();
        for (String bin : order) {
            if (sums.containsKey(bin)) {
                out.put(bin, sums.get(bin).toAggregate());
            }
        }
        return out;
    }

    // XHotpotQA macro_by_question_language (EM and F1 of each component): unweighted over languages
    private Map<String, Double> macro(Map<String, Aggregate> byLanguage) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (byLanguage.isEmpty()) {
            return out;
        }
        for (QaMeasure m : measures.macro()) {
            double sum = 0;
            for (Aggregate a : byLanguage.values()) {
                sum += a.mean(m.key());
            }
            out.put(m.macroKey(), sum / byLanguage.size());
        }
        return out;
    }

    private Map<String, DescriptorSummary> summaries() {
        int n = count;
        Map<String, DescriptorSummary> out = new LinkedHashMap<>();
        out.put("gold_mismatch", DescriptorSummary.of("rho_G", rhoG, n, null));
        out.put("distractor_mismatch", DescriptorSummary.of("rho_D", rhoD, withDistractors, n - withDistractors));
        out.put("gold_entropy", DescriptorSummary.of("H_G", entropy, n, null));
        out.put("distinct_candidate_languages", DescriptorSummary.of("K_C", languages, n, null));
        return out;
    }
}
