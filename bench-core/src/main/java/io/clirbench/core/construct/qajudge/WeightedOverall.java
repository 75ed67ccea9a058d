package io.clirbench.core.construct.qajudge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * XHotpotQA's headline translation-quality score: per language, the judge's mean score of each unit kind weighted by the
 * sample design, paragraph : question : answer = 80 : 20 : 20 (the sizes asked per language), over the kinds with judged
 * units: {@code S_L = Σ_k w_k m_{L,k} / Σ_k w_k}; overall, the mean of {@code S_L} over languages (each language counts
 * once, as each was sampled alike). Intervals: a percentile bootstrap that resamples within each (language, kind)
 * stratum — the design's strata — with replacement, B replicates from {@code new SplittableRandom(seed)} drawn stratum by
 * stratum in (language, kind) order; bounds the ⌈0.025·B⌉-th and ⌈0.975·B⌉-th smallest replicate.
 * {@link #compare} does the same for the difference between two judged versions (V1.1 → V2), their strata resampled
 * independently (different samples of units, so no pairing).
 */
public final class WeightedOverall {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The judged scores of one version: language → kind → scores. */
    public record Scores(Map<String, Map<JudgeUnit.Kind, int[]>> byStratum) {

        /** From the judgements that are usable. */
        public static Scores of(List<UnitJudgement> judgements) {
            Map<String, Map<JudgeUnit.Kind, List<Integer>>> lists = new TreeMap<>();
            judgements.stream().filter(UnitJudgement::ok).forEach(j -> lists.computeIfAbsent(j.unit().language(),
                    l -> new EnumMap<>(JudgeUnit.Kind.class)).computeIfAbsent(j.unit().kind(), k -> new ArrayList<>()).add(j.reply().score()));
            return from(lists);
        }

        /** From (language, kind, score) triples. */
        public static Scores from(Map<String, Map<JudgeUnit.Kind, List<Integer>>> lists) {
            Map<String, Map<JudgeUnit.Kind, int[]>> out = new TreeMap<>();
            lists.forEach((lang, kinds) -> {
                Map<JudgeUnit.Kind, int[]> k = new EnumMap<>(JudgeUnit.Kind.class);
                kinds.forEach((kind, list) -> k.put(kind, list.stream().mapToInt(Integer::intValue).toArray()));
                out.put(lang, k);
            });
            return new Scores(out);
        }
    }

    private WeightedOverall() {
    }

    /** The point values and intervals of one version: {@code per_language.L} and {@code overall}, each score, ci_low, ci_high. */
    public static ObjectNode json(Scores scores, Map<JudgeUnit.Kind, Integer> weights, int bootstrap, long seed) {
        Map<String, Double> point = languageScores(scores, weights, null);
        List<Map<String, Double>> replicates = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int b = 0; b < bootstrap; b++) {
            replicates.add(languageScores(scores, weights, random));
        }
        return node(point, replicates, weights, bootstrap, seed);
    }

    /** {@code candidate − baseline}, per language both have and overall over those languages, with intervals. */
    public static ObjectNode compare(Scores baseline, Scores candidate, Map<JudgeUnit.Kind, Integer> weights, int bootstrap, long seed) {
        Map<String, Double> point = difference(languageScores(baseline, weights, null), languageScores(candidate, weights, null));
        List<Map<String, Double>> replicates = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int b = 0; b < bootstrap; b++) {
            Map<String, Double> a = languageScores(baseline, weights, random);
            replicates.add(difference(a, languageScores(candidate, weights, random)));
        }
        return node(point, replicates, weights, bootstrap, seed);
    }

    private static Map<String, Double> difference(Map<String, Double> a, Map<String, Double> b) {
        Map<String, Double> out = new TreeMap<>();
        a.forEach((lang, v) -> {
            if (b.containsKey(lang)) {
                out.put(lang, b.get(lang) - v);
            }
        });
        return out;
    }

    private static ObjectNode node(Map<String, Double> point, List<Map<String, Double>> replicates, Map<JudgeUnit.Kind, Integer> weights,
                                   int bootstrap, long seed) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode w = root.putObject("weights");
        for (JudgeUnit.Kind k : JudgeUnit.Kind.values()) { // kind order, whatever the map's (a Map.of's order changes per JVM)
            w.put(k.label(), weights.getOrDefault(k, 0));
        }
        root.put("bootstrap", bootstrap).put("seed", seed);
        ObjectNode per = root.putObject("per_language");
        point.forEach((lang, v) -> put(per.putObject(lang), v, replicates.stream().mapToDouble(r -> r.get(lang)).toArray()));
        put(root.putObject("overall"), mean(point), replicates.stream().mapToDouble(WeightedOverall::mean).toArray());
        return root;
    }

    private static void put(ObjectNode o, double value, double[] reps) {
        if (!Double.isFinite(value)) {
            o.putNull("score");
            return;
        }
        o.put("score", value);
        if (reps.length > 0) {
            double[] ci = io.clirbench.core.stats.OrderStatisticInterval.of(reps); // every replicate is finite here
            o.put("ci_low", ci[0]);
            o.put("ci_high", ci[1]);
        }
    }

    private static double mean(Map<String, Double> perLanguage) {
        return perLanguage.values().stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** {@code S_L} per language; with {@code random}, each stratum resampled with replacement first. */
    private static Map<String, Double> languageScores(Scores scores, Map<JudgeUnit.Kind, Integer> weights, SplittableRandom random) {
        Map<String, Double> out = new TreeMap<>();
        scores.byStratum().forEach((lang, kinds) -> {
            double weighted = 0;
            double total = 0;
            for (JudgeUnit.Kind kind : JudgeUnit.Kind.values()) {
                int[] s = kinds.get(kind);
                int w = weights.getOrDefault(kind, 0);
                if (s == null || s.length == 0 || w == 0) {
                    continue;
                }
                double sum = 0;
                for (int i = 0; i < s.length; i++) {
                    sum += random == null ? s[i] : s[random.nextInt(s.length)];
                }
                weighted += w * sum / s.length;
                total += w;
            }
            if (total > 0) {
                out.put(lang, weighted / total);
            }
        });
        return out;
    }
}
