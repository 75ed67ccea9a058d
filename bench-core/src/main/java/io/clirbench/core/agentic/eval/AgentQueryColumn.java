package io.clirbench.core.agentic.eval;

import java.util.function.Function;

/**
 * One column of {@code queries.csv} (one row per query and run): its header and the text of one query's cell (before
 * CSV quoting). {@link AgentMeasures#queryColumns()} lists them; a registered measure with a per-query value and a CSV
 * column adds its own ({@link #of(AgentMeasure)}).
 *
 * @param header the column's header
 * @param cell   the text of a query's cell
 */
public record AgentQueryColumn(String header, Function<AgentQueryScore, String> cell) {

    /** A column of a value: its {@code Double.toString}, empty when {@code null} or NaN. */
    public static AgentQueryColumn number(String header, Function<AgentQueryScore, Double> value) {
        return new AgentQueryColumn(header, q -> raw(value.apply(q)));
    }

    /** The per-query value of a measure under its CSV column. */
    public static AgentQueryColumn of(AgentMeasure m) {
        return number(m.csvColumn(), m.perQuery());
    }

    private static String raw(Double value) {
        return value == null || value.isNaN() ? "" : Double.toString(value);
    }
}
