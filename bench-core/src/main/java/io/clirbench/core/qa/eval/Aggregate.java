package io.clirbench.core.qa.eval;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Means over a group of examples (METRICS.md §4 "Aggregation"): n, and the mean of every measure of a {@link QaMeasures}
 * registry by key, in registry order (NaN for an empty group, or for a {@link QaMeasure.Aggregation#MEAN_DEFINED}
 * measure defined on no example); beside them, how many examples were answered at all.
 *
 * @param n        examples
 * @param means    mean by measure key, in registry order
 * @param answered examples whose prediction gave a non-blank answer
 */
public record Aggregate(int n, Map<String, Double> means, int answered) {

    public Aggregate {
        means = Collections.unmodifiableMap(new LinkedHashMap<>(means));
    }

    /** The mean of one measure. */
    public double mean(String key) {
        Double mean = means.get(key);
        if (mean == null) {
            throw new IllegalArgumentException("no QA measure '" + key + "' in this aggregate; measured: " + means.keySet());
        }
        return mean;
    }

    /** The mean of one component (0 answer, 1 support, 2 joint) and measure (0 EM, 1 P, 2 R, 3 F1) of the standard ones. */
    public double mean(int component, int measure) {
        return mean(ExampleScore.COMPONENTS.get(component) + "_" + List.of("em", "p", "r", "f1").get(measure));
    }

    /** Mean recall of answer-bearing paragraphs over the examples that mark one ({@link ExampleScorer#answerParagraphRecall}). */
    public double answerParagraphRecall() {
        return mean("answer_paragraph_recall");
    }

    /** Sums per group, turned into means at the end. */
    static final class Sums {
        private final List<QaMeasure> measures;
        private final boolean[] definedOnly;
        private final double[] sums;
        private final int[] defined;
        private int n;
        private int answered;

        Sums(QaMeasures registry) {
            measures = registry.measures();
            definedOnly = new boolean[measures.size()];
            for (int i = 0; i < definedOnly.length; i++) {
                definedOnly[i] = measures.get(i).aggregation() == QaMeasure.Aggregation.MEAN_DEFINED;
            }
            sums = new double[measures.size()];
            defined = new int[measures.size()];
        }

        void add(ExampleScore score) {
            for (int i = 0; i < sums.length; i++) {
                double v = measures.get(i).of(score);
                if (!definedOnly[i] || !Double.isNaN(v)) {
                    sums[i] += v;
                    defined[i]++;
                }
            }
            n++;
            if (score.answered()) {
                answered++;
            }
        }

        Aggregate toAggregate() {
            Map<String, Double> means = new LinkedHashMap<>();
            for (int i = 0; i < sums.length; i++) {
                means.put(measures.get(i).key(), defined[i] == 0 ? Double.NaN : sums[i] / defined[i]);
            }
            return new Aggregate(n, means, answered);
        }
    }
}
