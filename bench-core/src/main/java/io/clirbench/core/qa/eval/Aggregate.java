package io.clirbench.core.qa.eval;

/**
 * Means over a group of examples (METRICS.md §4 "Aggregation"): n and the 12 means, indexed
 * {@code component * 4 + measure} (components answer, support, joint; measures EM, P, R, F1); beside them, how many
 * examples were answered at all and the mean recall of answer-bearing paragraphs over the examples that mark one
 * ({@link ExampleScorer#answerParagraphRecall}).
 *
 * @param answered              examples whose prediction gave a non-blank answer
 * @param answerParagraphN      examples with at least one answer-bearing paragraph
 * @param answerParagraphRecall mean recall of answer-bearing paragraphs over those examples; NaN when there are none
 */
public record Aggregate(int n, double[] means, int answered, int answerParagraphN, double answerParagraphRecall) {

    public Aggregate {
        means = means.clone();
    }

    /** The mean of one component (0 answer, 1 support, 2 joint) and measure (0 EM, 1 P, 2 R, 3 F1). */
    public double mean(int component, int measure) {
        return means[component * 4 + measure];
    }

    /** Sums per group, turned into means at the end. */
    static final class Sums {
        private final double[] sums = new double[12];
        private int n;
        private int answered;
        private int answerParagraphN;
        private double answerParagraphSum;

        void add(ExampleScore score) {
            for (int c = 0; c < 3; c++) {
                ComponentScore s = score.component(c);
                for (int m = 0; m < 4; m++) {
                    sums[c * 4 + m] += s.get(m);
                }
            }
            n++;
            if (score.answered()) {
                answered++;
            }
            if (!Double.isNaN(score.answerParagraphRecall())) {
                answerParagraphN++;
                answerParagraphSum += score.answerParagraphRecall();
            }
        }

        Aggregate toAggregate() {
            double[] means = new double[12];
            for (int i = 0; i < 12; i++) {
                means[i] = n == 0 ? Double.NaN : sums[i] / n;
            }
            return new Aggregate(n, means, answered, answerParagraphN,
                    answerParagraphN == 0 ? Double.NaN : answerParagraphSum / answerParagraphN);
        }
    }
}
