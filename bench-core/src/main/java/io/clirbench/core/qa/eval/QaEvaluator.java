package io.clirbench.core.qa.eval;

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
    private final Set<String> goldIds = new HashSet<>();
    private final List<ExampleRecord> examples = new ArrayList<>();
    private final Aggregate.Sums overall = new Aggregate.Sums();
    private final Map<String, Map<String, Aggregate.Sums>> groups = new HashMap<>();
    private int missing;

    /** An evaluator of the predictions (by id) under the protocol. */
    public QaEvaluator(Protocol protocol, Map<String, QaPrediction> predictions) {
        this.protocol = protocol;
        this.scorer = new ExampleScorer(protocol);
        this.predictions = predictions;
    }

    /** Scores one gold instance (ids must be unique; the dataset reader guarantees it). */
    public ExampleRecord accept(QaInstance instance) {
        if (!goldIds.add(instance.id())) {
            throw new IllegalArgumentException("duplicate gold id '" + instance.id() + "'");
        }
        QaPrediction prediction = predictions.get(instance.id());
        if (prediction == null) {
            missing++;
        }
        ExampleScore score = scorer.score(instance, prediction);
        Descriptor d = Descriptor.of(instance);
        overall.add(score);
        add("by_question_language", instance.questionLanguage(), score);
        add("by_language_condition", d.condition(), score);
        add("by_script_relation", d.scriptRelation(), score);
        add("by_gold_mismatch", d.goldMismatchBin(), score);
        add("by_distractor_mismatch", d.distractorMismatchBin(), score);
        add("by_gold_entropy", d.goldEntropyBin(), score);
        add("by_distinct_candidate_languages", d.candidateLanguagesBin(), score);
        ExampleRecord record = new ExampleRecord(instance.id(), instance.questionLanguage(), instance.sourceId(),
                prediction != null, score, d);
        examples.add(record);
        return record;
    }

    private void add(String family, String key, ExampleScore score) {
        groups.computeIfAbsent(family, f -> new HashMap<>()).computeIfAbsent(key, k -> new Aggregate.Sums()).add(score);
    }

    /** The result over every instance accepted so far. */
    public QaResult finish() {
        int unexpected = 0;
        for (String id : predictions.keySet()) {
            if (!goldIds.contains(id)) {
                unexpected++;
            }
        }
        Map<String, Aggregate> byLanguage = sorted("by_question_language");
        Map<String, Map<String, Aggregate>> bins = new LinkedHashMap<>();
        bins.put("by_gold_mismatch", ordered("by_gold_mismatch", Descriptor.MISMATCH_BINS));
        bins.put("by_distractor_mismatch", ordered("by_distractor_mismatch", Descriptor.MISMATCH_BINS));
        bins.put("by_gold_entropy", ordered("by_gold_entropy", Descriptor.ENTROPY_BINS));
        bins.put("by_distinct_candidate_languages", ordered("by_distinct_candidate_languages", Descriptor.LANGUAGE_COUNT_BINS));
        return new QaResult(protocol, examples.size(), missing, unexpected, overall.toAggregate(), macro(byLanguage), byLanguage,
                sorted("by_language_condition"), sorted("by_script_relation"), summaries(), bins, List.copyOf(examples));
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

    // XHotpotQA macro_by_question_language: EM and F1 of each component, unweighted over languages
    private static Map<String, Double> macro(Map<String, Aggregate> byLanguage) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (byLanguage.isEmpty()) {
            return out;
        }
        for (int c = 0; c < 3; c++) {
            for (int m : new int[] {0, 3}) {
                double sum = 0;
                for (Aggregate a : byLanguage.values()) {
                    sum += a.mean(c, m);
                }
                out.put(ExampleScore.COMPONENTS.get(c) + "_" + ExampleScore.MEASURES.get(m), sum / byLanguage.size());
            }
        }
        return out;
    }

    private Map<String, DescriptorSummary> summaries() {
        int n = examples.size();
        double[] rhoG = new double[n];
        double[] rhoD = new double[n];
        double[] entropy = new double[n];
        double[] languages = new double[n];
        int withDistractors = 0;
        for (int i = 0; i < n; i++) {
            Descriptor d = examples.get(i).descriptor();
            rhoG[i] = d.goldMismatch();
            entropy[i] = d.goldEntropy();
            languages[i] = d.candidateLanguages();
            if (d.distractorMismatch() != null) {
                rhoD[withDistractors++] = d.distractorMismatch();
            }
        }
        Map<String, DescriptorSummary> out = new LinkedHashMap<>();
        out.put("gold_mismatch", DescriptorSummary.of("rho_G", rhoG, n, null));
        out.put("distractor_mismatch", DescriptorSummary.of("rho_D", rhoD, withDistractors, n - withDistractors));
        out.put("gold_entropy", DescriptorSummary.of("H_G", entropy, n, null));
        out.put("distinct_candidate_languages", DescriptorSummary.of("K_C", languages, n, null));
        return out;
    }
}
