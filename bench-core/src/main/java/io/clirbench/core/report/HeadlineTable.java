package io.clirbench.core.report;

import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.language.CoverageDepths;
import io.clirbench.core.metrics.language.LanguageMetrics;
import io.clirbench.core.metrics.language.Recoverability;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.clirbench.core.eval.StatisticsReport.MetricInterval;

/**
 * The language-aware headline table (one row per run) and the standard-measures table, as cells;
 * the console, Markdown and CSV renderers lay out the same cells.
 */
public final class HeadlineTable {

    /** Columns of the language-aware table. */
    public static final List<String> LANGUAGE_COLUMNS = List.of("run", "R@10", "R@10_same", "R@10_cross", "LT%",
            "k80_same", "k80_cross", "k*80", "XRC50", "RRC@100", "ARI@100", "degenerate");

    private HeadlineTable() {
    }

    /** One row of the language-aware table; values not meaningful for a degenerate run are marked {@code *}. */
    public static List<String> languageRow(RunReport run, Map<String, MetricInterval> intervals) {
        List<String> row = new ArrayList<>();
        row.add(run.name());
        row.addAll(languageCells(run.language(), intervals));
        return row;
    }

    /** The language-aware cells without the run name; recall means carry their interval when one is given. */
    public static List<String> languageCells(LanguageMetrics m, Map<String, MetricInterval> intervals) {
        CoverageDepths d = m.depths();
        Recoverability r = m.recoverability();
        String flag = m.degenerate() ? "*" : "";
        List<String> row = new ArrayList<>();
        for (String metric : List.of("R@10", "R@10_same", "R@10_cross")) {
            row.add(withInterval(m.recall(metric).balanced(), intervals.get(metric)));
        }
        row.add(Numbers.fixed(m.ltPercent(), 1));
        row.add(d.kSame().displayWithSe());
        row.add(d.kCross().displayWithSe());
        row.add(d.kJoint().displayWithSe());
        row.add(d.xrc().display() + flag);
        row.add(Numbers.fixed(r.rrcAtK(), 3) + flag);
        row.add(Numbers.fixed(r.ari(), 3) + flag);
        row.add(m.degenerate() ? "yes" : "no");
        return row;
    }

    /** {@code 0.412 [0.371, 0.455]}, or the bare value when there is no interval. */
    public static String withInterval(Double value, MetricInterval interval) {
        String text = Numbers.fixed(value, 3);
        if (interval == null) {
            return text;
        }
        if (!interval.interval().defined()) {
            return text + " [no CI]"; // the reason is in report.json (interval.note)
        }
        String bounds = text + " [" + Numbers.fixed(interval.interval().low(), 3) + ", " + Numbers.fixed(interval.interval().high(), 3) + "]";
        return "BCa".equals(interval.interval().method()) ? bounds : bounds + " (" + interval.interval().method() + ")";
    }

    /** Columns of the standard table for these measure names. */
    public static List<String> standardColumns(List<String> measureNames) {
        List<String> columns = new ArrayList<>();
        columns.add("run");
        columns.add("queries");
        columns.addAll(measureNames);
        return columns;
    }

    /** One row of the standard table (trec_eval {@code -c} means). */
    public static List<String> standardRow(RunReport run) {
        List<String> row = new ArrayList<>();
        row.add(run.name());
        row.add(Integer.toString(run.standard().queryCount()));
        for (double mean : run.standard().means()) {
            row.add(Numbers.fixed(mean, 4));
        }
        return row;
    }
}
