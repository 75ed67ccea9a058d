package io.clirbench.core.agentic.eval;

import java.util.List;
import java.util.function.Function;

/**
 * One agentic measure (METRICS.md §5) as one named value: where it comes from (a per-query extractor and an
 * aggregation over a run's queries), how uncertain it is (its interval kind), how it is shown (table label and digits,
 * CSV column) and where it is defined. Every report (report.json's {@code summary}, {@code summary.csv}, the runs table
 * of the console, Markdown and HTML reports, the paired comparisons) iterates an {@link AgentMeasures} registry of them.
 *
 * @param key         the JSON key in a run's {@code summary} (and, with {@code Interval} appended, of its interval)
 * @param label       the name in tables and comparisons, e.g. {@code evidence recall}
 * @param perQuery    the value of one query, {@code null} when the query does not enter (intervals and paired tests
 *                    use it); {@code null} for a run-level count or statistic
 * @param aggregation the run's value from its scores
 * @param interval    its uncertainty: {@link IntervalKind#BCA} needs {@code perQuery}
 * @param table       how the runs table shows it; {@code null}: not a column
 * @param csvColumn   its {@code summary.csv} column (an interval adds {@code _low} and {@code _high}); {@code null}: none
 * @param compared    whether every pair of runs is compared on it (paired sign-flip test; needs {@code perQuery})
 * @param section     where METRICS.md defines it
 */
public record AgentMeasure(String key, String label, Function<AgentQueryScore, Double> perQuery, Aggregation aggregation,
                           IntervalKind interval, Display table, String csvColumn, boolean compared, String section) {

    /** The uncertainty a report gives the measure. */
    public enum IntervalKind {
        /** None. */
        NONE,
        /** 95% BCa interval of the mean of the per-query values (clustered bootstrap, cluster = query). */
        BCA
    }

    /**
     * A column of the runs table.
     *
     * @param digits    decimals of a fractional value (an integer value is shown whole)
     * @param undefined the text of an undefined ({@code null} or NaN) value
     */
    public record Display(int digits, String undefined) {

        /** Shown with {@code digits} decimals, {@code n/a} when undefined. */
        public static Display of(int digits) {
            return new Display(digits, "n/a");
        }
    }

    /** The run's value of a measure: an Integer, a Double (null when undefined) or a JSON-ready map. */
    @FunctionalInterface
    public interface Aggregation {
        Object of(RunScores scores, ScoringMode mode);
    }

    public AgentMeasure {
        if (key == null || key.isBlank() || label == null || label.isBlank()) {
            throw new IllegalArgumentException("an agentic measure needs a key and a label (got key '" + key + "', label '"
                    + label + "')");
        }
        if ((interval == IntervalKind.BCA || compared) && perQuery == null) {
            throw new IllegalArgumentException("agentic measure '" + key + "' has an interval or is compared but has no"
                    + " per-query value");
        }
    }

    /**
     * A measure that is the mean of a per-query value over the queries where it is defined ({@code null} when none),
     * with a 95% BCa interval, a table column of {@code digits} decimals and a CSV column.
     */
    public static AgentMeasure mean(String key, String label, Function<AgentQueryScore, Double> perQuery, int digits,
                                    String csvColumn, String section) {
        return new AgentMeasure(key, label, perQuery, (scores, mode) -> mean(values(scores.queries(), perQuery)),
                IntervalKind.BCA, Display.of(digits), csvColumn, false, section);
    }

    /** The same measure, also compared between every pair of runs. */
    public AgentMeasure comparedPairwise() {
        return new AgentMeasure(key, label, perQuery, aggregation, interval, table, csvColumn, true, section);
    }

    /** The same measure without a column in the runs table. */
    public AgentMeasure withoutTableColumn() {
        return new AgentMeasure(key, label, perQuery, aggregation, interval, null, csvColumn, compared, section);
    }

    /** The value of a run. */
    public Object valueOf(RunScores scores, ScoringMode mode) {
        return aggregation.of(scores, mode);
    }

    /** The table header of the measure. */
    public String header() {
        return interval == IntervalKind.BCA ? label + " [95% BCa]" : label;
    }

    /** The per-query values where defined, in query order. */
    static double[] values(List<AgentQueryScore> queries, Function<AgentQueryScore, Double> perQuery) {
        return queries.stream().map(perQuery).filter(v -> v != null).mapToDouble(Double::doubleValue).toArray();
    }

    /** The mean, {@code null} for no values. */
    static Double mean(double[] values) {
        if (values.length == 0) {
            return null;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
