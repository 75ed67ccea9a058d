package io.clirbench.core.qa.eval;

import java.util.function.ToDoubleFunction;

/**
 * One QA measure (METRICS.md §4) as one named value: its per-example value and how a group of examples aggregates it,
 * its uncertainty, and where each report shows it (report.json's aggregates, the {@code hotpot_metrics} block,
 * {@code macro_by_question_language}, the CSV files, the tables). Every report iterates a {@link QaMeasures} registry
 * of them.
 *
 * @param key         the measure's key (aggregates hold their means by it), e.g. {@code answer_f1}
 * @param label       its table header, e.g. {@code answer F1}; {@code null}: no table column
 * @param digits      decimals of its table cells (and of its interval's)
 * @param component   the report.json object of an aggregate it sits in ({@code answer}, {@code support}, {@code joint}),
 *                    {@code null}: directly in the aggregate
 * @param jsonName    its name in report.json's aggregates and per-example lines (XHotpotQA's, e.g. {@code f1});
 *                    {@code null}: not in report.json
 * @param hotpotName  its name in {@code hotpot_metrics} and the official script's per-example output (e.g.
 *                    {@code sp_prec}); {@code null}: not there
 * @param csvColumn   its column in {@code summary.csv} and {@code per-example.csv} (an interval adds {@code _macro},
 *                    {@code _low} and {@code _high}); {@code null}: none
 * @param perExample  the value of one example; NaN when the example does not enter ({@link Aggregation#MEAN_DEFINED})
 * @param aggregation how a group of examples aggregates it
 * @param interval    its uncertainty in the report
 * @param macro       whether {@code macro_by_question_language} gives its unweighted mean over question languages
 *                    (under {@code component_jsonName})
 * @param section     where METRICS.md defines it
 */
public record QaMeasure(String key, String label, int digits, String component, String jsonName, String hotpotName, String csvColumn,
                        ToDoubleFunction<ExampleScore> perExample, Aggregation aggregation, IntervalKind interval,
                        boolean macro, String section) {

    /** How a group of examples aggregates the per-example values. */
    public enum Aggregation {
        /** The mean over every example of the group (NaN for an empty group). */
        MEAN,
        /** The mean over the examples whose value is not NaN (NaN when there is none). */
        MEAN_DEFINED
    }

    /** The uncertainty a report gives the measure. */
    public enum IntervalKind {
        /** None. */
        NONE,
        /**
         * 95% BCa interval of the language-balanced (macro) mean over question languages, clustered bootstrap with the
         * question language as stratum and the source example as cluster (METRICS.md §4 "Uncertainty", §3); only over
         * {@link Aggregation#MEAN} values.
         */
        MACRO_BCA
    }

    public QaMeasure {
        if (key == null || key.isBlank() || perExample == null || aggregation == null || interval == null) {
            throw new IllegalArgumentException("a QA measure needs a key, a per-example value, an aggregation and an"
                    + " interval kind (got key '" + key + "')");
        }
        if (digits < 0) {
            throw new IllegalArgumentException("QA measure '" + key + "' has " + digits + " decimals");
        }
        if (interval == IntervalKind.MACRO_BCA && aggregation != Aggregation.MEAN) {
            throw new IllegalArgumentException("QA measure '" + key + "' has an interval but is not a mean over every example");
        }
        if (macro && (component == null || jsonName == null)) {
            throw new IllegalArgumentException("QA measure '" + key + "' is in macro_by_question_language but has no"
                    + " component and JSON name to be keyed by");
        }
    }

    /**
     * A mean over every example of a group, shown with 4 decimals, with no interval and nowhere but the named places.
     *
     * @param key        the key
     * @param label      table header ({@code null}: no column)
     * @param jsonName   name directly in report.json's aggregates and per-example lines ({@code null}: none)
     * @param csvColumn  CSV column ({@code null}: none)
     * @param perExample the value of one example
     * @param section    where it is defined
     */
    public static QaMeasure mean(String key, String label, String jsonName, String csvColumn,
                                 ToDoubleFunction<ExampleScore> perExample, String section) {
        return new QaMeasure(key, label, 4, null, jsonName, null, csvColumn, perExample, Aggregation.MEAN, IntervalKind.NONE,
                false, section);
    }

    /** The same measure with a 95% macro BCa interval. */
    public QaMeasure withInterval() {
        return new QaMeasure(key, label, digits, component, jsonName, hotpotName, csvColumn, perExample, aggregation,
                IntervalKind.MACRO_BCA, macro, section);
    }

    /** The value of one example. */
    public double of(ExampleScore score) {
        return perExample.applyAsDouble(score);
    }

    /** Its key in {@code macro_by_question_language}. */
    public String macroKey() {
        return component + "_" + jsonName;
    }
}
