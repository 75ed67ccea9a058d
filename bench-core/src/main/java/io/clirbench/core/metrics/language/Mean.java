package io.clirbench.core.metrics.language;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * A language-balanced mean of a per-query value and the pooled mean beside it (METRICS.md §2):
 * the balanced mean averages, over the query languages that have a defined value, the mean of
 * that language's values. {@code null} where no query has a value.
 *
 * @param balanced   headline number: unweighted mean of the per-language means
 * @param pooled     plain mean over the queries
 * @param queries    how many queries had a defined value
 * @param byLanguage per query language (its {@link QueryOutcome#queryLanguage() identity}): its mean and count (sorted)
 */
public record Mean(Double balanced, Double pooled, int queries, Map<String, LanguageMean> byLanguage) {

    /** The mean of one query language. */
    public record LanguageMean(double mean, int queries) {
    }

    /** Averages {@code value} over the outcomes where it is defined (not NaN). */
    public static Mean of(List<QueryOutcome> outcomes, ToDoubleFunction<QueryOutcome> value) {
        Map<String, double[]> sums = new TreeMap<>(); // lang -> {sum, count}
        double total = 0;
        int count = 0;
        for (QueryOutcome outcome : outcomes) {
            double v = value.applyAsDouble(outcome);
            if (Double.isNaN(v)) {
                continue;
            }
            double[] acc = sums.computeIfAbsent(outcome.queryLanguage(), l -> new double[2]);
            acc[0] += v;
            acc[1]++;
            total += v;
            count++;
        }
        if (count == 0) {
            return new Mean(null, null, 0, Map.of());
        }
        Map<String, LanguageMean> byLanguage = new TreeMap<>();
        double sumOfMeans = 0;
        for (Map.Entry<String, double[]> e : sums.entrySet()) {
            double mean = e.getValue()[0] / e.getValue()[1];
            byLanguage.put(e.getKey(), new LanguageMean(mean, (int) e.getValue()[1]));
            sumOfMeans += mean;
        }
        return new Mean(sumOfMeans / byLanguage.size(), total / count, count, Collections.unmodifiableMap(byLanguage));
    }

    /** How many query languages contribute to the balanced mean. */
    public int languages() {
        return byLanguage.size();
    }
}
