package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.Comparison;
import io.clirbench.core.agentic.eval.LanguageRow;
import io.clirbench.core.agentic.eval.AgentMeasure;
import io.clirbench.core.report.Numbers;
import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.WilsonInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The tables of an agentic evaluation (header and rows of text), shared by the console, Markdown and HTML reports. */
public final class AgentTables {

    /** A table: its header and its rows. */
    public record Table(List<String> header, List<List<String>> rows) {
    }

    private AgentTables() {
    }

    /** Per run (one per configuration, retriever or agent): run, configuration, then every table column of the registry. */
    public static Table runs(AgentEvaluation e) {
        List<AgentMeasure> columns = e.measures().tableColumns();
        List<List<String>> rows = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            List<String> row = new ArrayList<>(List.of(r.summary().name(), r.configuration() == null ? "-" : r.configuration()));
            columns.forEach(m -> row.add(cell(m, r)));
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("run", "configuration"));
        columns.forEach(m -> header.add(m.header()));
        return new Table(header, rows);
    }

    /** A run's cell of a measure: an integer whole, a fraction with the measure's digits, an interval beside it. */
    static String cell(AgentMeasure m, AgentRunResult r) {
        Object value = r.summary().value(m.key());
        if (value instanceof Integer n) {
            return n.toString();
        }
        Double v = (Double) value;
        if (v == null || v.isNaN()) {
            return m.table().undefined();
        }
        return m.interval() == AgentMeasure.IntervalKind.BCA ? withInterval(v, r.interval(m), m.table().digits())
                : Numbers.fixed(v, m.table().digits());
    }

    /** Per evidence language of every run. */
    public static Table languages(AgentEvaluation e) {
        return rowsOf(e, false);
    }

    /** Per resource group of every run. */
    public static Table groups(AgentEvaluation e) {
        return rowsOf(e, true);
    }

    private static Table rowsOf(AgentEvaluation e, boolean groups) {
        List<List<String>> rows = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            for (LanguageRow l : groups ? r.byGroup() : r.byLanguage()) {
                rows.add(List.of(r.summary().name(), l.language(), Integer.toString(l.queries()),
                        wilson(l.accuracy(), l.accuracyInterval()), withInterval(l.evidenceRecall(), l.recallInterval()),
                        Numbers.fixed(l.searchCalls(), 2), l.calibrationError() == null ? "n/a" : Numbers.fixed(l.calibrationError(), 2)));
            }
        }
        return new Table(List.of("run", groups ? "resource group" : "evidence language", "N", "accuracy [95% Wilson]",
                "evidence recall [95% BCa]", "search calls", "calibration %"), rows);
    }

    /** The paired comparisons. */
    public static Table comparisons(AgentEvaluation e) {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison c : e.comparisons()) {
            rows.add(List.of(c.metric(), c.a() + " − " + c.b(), Integer.toString(c.paired()), Numbers.fixed(c.difference(), 4),
                    p(c.p()), p(c.pHolm()), c.note() == null ? "" : c.note()));
        }
        return new Table(List.of("metric", "runs (a − b)", "paired", "mean difference", "p (sign-flip)", "p (Holm)", "note"), rows);
    }

    static String withInterval(Double value, Interval i) {
        return withInterval(value, i, 3);
    }

    /** {@code value [low, high]} with {@code digits} decimals; {@code *} marks an interval other than BCa. */
    static String withInterval(Double value, Interval i, int digits) {
        String v = Numbers.fixed(value, digits);
        if (value == null || i == null || !i.defined()) {
            return v;
        }
        return v + " [" + Numbers.fixed(i.low(), digits) + ", " + Numbers.fixed(i.high(), digits) + "]"
                + ("BCa".equals(i.method()) ? "" : "*");
    }

    private static String wilson(double value, WilsonInterval w) {
        return Numbers.fixed(value, 3) + " [" + Numbers.fixed(w.low(), 3) + ", " + Numbers.fixed(w.high(), 3) + "]";
    }

    private static String p(Double p) {
        return p == null ? "-" : p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
