package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.eval.StatisticsReport;
import io.clirbench.core.metrics.language.LanguageMetrics;
import io.clirbench.core.metrics.language.Mean;
import io.clirbench.core.metrics.language.Recoverability;
import io.clirbench.core.metrics.language.RouteCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** The Markdown report: headline tables, then per run its languages, recall, RRC curve, route grid and slices. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    /** Renders the whole report. */
    public static String render(EvalReport report) {
        StringBuilder out = new StringBuilder("# clirbench evaluation\n\n");
        out.append(ReportText.setting(report)).append("\n\n");
        boolean language = !report.runs().isEmpty() && report.runs().get(0).language() != null;
        if (language) {
            out.append("## Language-aware retrieval (METRICS.md §2)\n\n");
            out.append(TextTable.markdown(HeadlineTable.LANGUAGE_COLUMNS,
                    report.runs().stream().map(run -> HeadlineTable.languageRow(run, report.intervals(run.name()))).toList()));
            out.append('\n').append(ReportText.LEGEND).append("\n\n");
        }
        if (report.statistics() != null) {
            appendSignificance(out, report);
        }
        out.append("## Standard measures (trec_eval -c, METRICS.md §1)\n\n");
        if (!report.runs().isEmpty()) {
            out.append(TextTable.markdown(HeadlineTable.standardColumns(report.runs().get(0).standard().measureNames()),
                    report.runs().stream().map(HeadlineTable::standardRow).toList()));
        }
        for (RunReport run : report.runs()) {
            out.append("\n## Run `").append(run.name()).append("`\n\n");
            out.append(ReportText.runCounts(run)).append("\n");
            if (run.language() != null) {
                appendLanguage(out, run.language(), "###");
                run.slices().forEach((key, byValue) -> appendSlices(out, key, byValue));
            }
        }
        return out.toString();
    }

    private static void appendSignificance(StringBuilder out, EvalReport report) {
        StatisticsReport s = report.statistics();
        out.append("## Significance (METRICS.md §3)\n\n").append(SignificanceTables.method(s)).append("\n\n");
        out.append("### Same-language vs cross-language gap (R@10_same − R@10_cross on dual-gold queries)\n\n");
        out.append(TextTable.markdown(SignificanceTables.GAP_COLUMNS, SignificanceTables.gapRows(s)));
        String friedman = SignificanceTables.friedman(s);
        if (friedman != null) {
            out.append("\n### Comparing runs\n\n").append(friedman).append("\n\n");
            out.append(TextTable.markdown(SignificanceTables.PAIR_COLUMNS, SignificanceTables.pairRows(s)));
            List<String> runs = report.runs().stream().map(RunReport::name).toList();
            out.append("\nMatrix (`*`: Holm-adjusted p < 0.05):\n\n");
            out.append(TextTable.markdown(SignificanceTables.matrixHeader("R@10 row − column", runs),
                    SignificanceTables.matrix(runs, s)));
        }
        out.append('\n');
    }

    private static void appendLanguage(StringBuilder out, LanguageMetrics m, String level) {
        out.append('\n').append(ReportText.domains(m)).append("\n\n");
        out.append(level).append(" Per query language\n\n");
        out.append(TextTable.markdown(List.of("lang", "R@10", "R@10_same", "R@10_cross", "hit@10 same [95% Wilson]",
                "hit@10 cross [95% Wilson]"), perLanguage(m)));
        out.append('\n').append(level).append(" Recall: balanced and pooled means\n\n");
        List<List<String>> recall = new ArrayList<>();
        m.recall().forEach((name, mean) -> recall.add(List.of(name, Numbers.fixed(mean.balanced(), 4),
                Numbers.fixed(mean.pooled(), 4), Integer.toString(mean.queries()), Integer.toString(mean.languages()))));
        out.append(TextTable.markdown(List.of("metric", "balanced", "pooled", "queries", "languages"), recall));
        appendRecoverability(out, m, level);
        for (int k : new TreeSet<>(m.routes().stream().map(RouteCell::k).toList())) {
            out.append('\n').append(level).append(" Route grid R@").append(k)
                    .append(" (query language → document language; 95% Wilson interval, gold pairs)\n\n");
            appendRouteGrid(out, m.routes().stream().filter(c -> c.k() == k).toList());
        }
    }

    private static List<List<String>> perLanguage(LanguageMetrics m) {
        Mean all = m.recall("R@10");
        Mean same = m.recall("R@10_same");
        Mean cross = m.recall("R@10_cross");
        List<List<String>> rows = new ArrayList<>();
        for (String lang : new TreeSet<>(all.byLanguage().keySet())) {
            rows.add(List.of(lang, cell(all, lang), cell(same, lang), cell(cross, lang), hit(m, lang, "same"),
                    hit(m, lang, "cross")));
        }
        return rows;
    }

    private static String hit(LanguageMetrics m, String lang, String scope) {
        return m.hitRates().stream().filter(h -> h.lang().equals(lang) && h.scope().equals(scope)).findFirst()
                .map(h -> String.format(Locale.ROOT, "%d/%d = %.3f [%.3f, %.3f]", h.hits(), h.queries(), h.rate(), h.low(), h.high()))
                .orElse("n/a");
    }

    private static String cell(Mean mean, String lang) {
        Mean.LanguageMean m = mean.byLanguage().get(lang);
        return m == null ? "n/a" : String.format(Locale.ROOT, "%.3f (%d)", m.mean(), m.queries());
    }

    private static void appendRecoverability(StringBuilder out, LanguageMetrics m, String level) {
        Recoverability r = m.recoverability();
        out.append('\n').append(level).append(" Re-ranker recoverability over Dom_X\n\n");
        if (r.grid().isEmpty()) {
            out.append("No query has cross-language gold.\n");
            return;
        }
        List<String> header = new ArrayList<>(List.of("K"));
        List<String> values = new ArrayList<>(List.of("RRC@K"));
        r.grid().forEach(p -> {
            header.add(Integer.toString(p.k()));
            values.add(Numbers.fixed(p.rrc(), 3));
        });
        out.append(TextTable.markdown(header, List.of(values)));
        out.append(String.format(Locale.ROOT, "%nKnee K* = %s, L∞ = %s, ARI@%d = %s, deep_%d = %s%s%n",
                r.knee(), Numbers.fixed(r.lInf(), 3), r.ariK(), Numbers.fixed(r.ari(), 3), r.ariK(),
                Numbers.fixed(r.deep(), 3), m.degenerate() ? " (degenerate run: not meaningful)" : ""));
    }

    private static void appendRouteGrid(StringBuilder out, List<RouteCell> cells) {
        TreeSet<String> targets = new TreeSet<>();
        cells.forEach(c -> targets.add(c.to()));
        List<String> header = new ArrayList<>(List.of("from \\ to"));
        header.addAll(targets);
        List<List<String>> rows = new ArrayList<>();
        for (String from : new TreeSet<>(cells.stream().map(RouteCell::from).toList())) {
            List<String> row = new ArrayList<>(List.of(from));
            for (String to : targets) {
                row.add(cells.stream().filter(c -> c.from().equals(from) && c.to().equals(to)).findFirst()
                        .map(c -> String.format(Locale.ROOT, "%.2f [%.2f, %.2f] n=%d", c.recall(), c.low(), c.high(), c.pairs()))
                        .orElse(""));
            }
            rows.add(row);
        }
        out.append(TextTable.markdown(header, rows));
    }

    private static void appendSlices(StringBuilder out, String key, Map<String, LanguageMetrics> byValue) {
        out.append("\n### Slices by `").append(key).append("`\n\n");
        List<String> header = new ArrayList<>(HeadlineTable.LANGUAGE_COLUMNS);
        header.set(0, key);
        header.add(1, "queries");
        List<List<String>> rows = new ArrayList<>();
        byValue.forEach((value, metrics) -> {
            List<String> row = new ArrayList<>(HeadlineTable.languageCells(metrics, Map.of()));
            row.add(0, value);
            row.add(1, Integer.toString(metrics.queries()));
            rows.add(row);
        });
        out.append(TextTable.markdown(header, rows));
    }
}
