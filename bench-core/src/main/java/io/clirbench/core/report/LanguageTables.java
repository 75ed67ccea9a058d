package io.clirbench.core.report;

import io.clirbench.core.metrics.language.LanguageMetrics;
import io.clirbench.core.metrics.language.Mean;
import io.clirbench.core.metrics.language.Recoverability;
import io.clirbench.core.metrics.language.RouteCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The per-run language tables (METRICS.md §2) as header and cells, shared by the Markdown and HTML
 * reports so both show the same numbers.
 */
final class LanguageTables {

    /** A table: header cells and rows of cells. */
    record Table(List<String> header, List<List<String>> rows) {
    }

    private LanguageTables() {
    }

    /** Per query language: balanced-mean inputs and hit rates with Wilson intervals. */
    static Table perLanguage(LanguageMetrics m) {
        Mean all = m.recall("R@10");
        Mean same = m.recall("R@10_same");
        Mean cross = m.recall("R@10_cross");
        List<List<String>> rows = new ArrayList<>();
        for (String lang : new TreeSet<>(all.byLanguage().keySet())) {
            rows.add(List.of(lang, cell(all, lang), cell(same, lang), cell(cross, lang), hit(m, lang, "same"),
                    hit(m, lang, "cross")));
        }
        return new Table(List.of("lang", "R@10", "R@10_same", "R@10_cross", "hit@10 same [95% Wilson]",
                "hit@10 cross [95% Wilson]"), rows);
    }

    /** Every recall metric: balanced and pooled means. */
    static Table recall(LanguageMetrics m) {
        List<List<String>> rows = new ArrayList<>();
        m.recall().forEach((name, mean) -> rows.add(List.of(name, Numbers.fixed(mean.balanced(), 4),
                Numbers.fixed(mean.pooled(), 4), Integer.toString(mean.queries()), Integer.toString(mean.languages()))));
        return new Table(List.of("metric", "balanced", "pooled", "queries", "languages"), rows);
    }

    /** The RRC grid as one row; empty rows when no query has cross-language gold. */
    static Table rrc(Recoverability r) {
        List<String> header = new ArrayList<>(List.of("K"));
        List<String> values = new ArrayList<>(List.of("RRC@K"));
        r.grid().forEach(p -> {
            header.add(Integer.toString(p.k()));
            values.add(Numbers.fixed(p.rrc(), 3));
        });
        return new Table(header, r.grid().isEmpty() ? List.of() : List.of(values));
    }

    /** Knee, L∞, ARI and deep_K in one sentence. */
    static String recoverabilitySummary(LanguageMetrics m) {
        Recoverability r = m.recoverability();
        return String.format(Locale.ROOT, "Knee K* = %s, L∞ = %s, ARI@%d = %s, deep_%d = %s%s",
                r.knee(), Numbers.fixed(r.lInf(), 3), r.ariK(), Numbers.fixed(r.ari(), 3), r.ariK(),
                Numbers.fixed(r.deep(), 3), m.degenerate() ? " (degenerate run: not meaningful)" : "");
    }

    /** The route cutoffs present, ascending. */
    static List<Integer> routeKs(LanguageMetrics m) {
        return List.copyOf(new TreeSet<>(m.routes().stream().map(RouteCell::k).toList()));
    }

    /** The route grid at cutoff k: query language rows, document language columns. */
    static Table routeGrid(LanguageMetrics m, int k) {
        List<RouteCell> cells = m.routes().stream().filter(c -> c.k() == k).toList();
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
        return new Table(header, rows);
    }

    /** The language-aware headline cells per value of one slice key. */
    static Table slices(String key, Map<String, LanguageMetrics> byValue) {
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
        return new Table(header, rows);
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
}
