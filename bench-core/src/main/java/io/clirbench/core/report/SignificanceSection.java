package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.eval.StatisticsReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The significance section (METRICS.md §3) of the console and Markdown reports: one list of
 * blocks (method, same-vs-cross gap, Friedman, pairs, matrix), laid out in either style.
 */
final class SignificanceSection {

    /** How tables and headings are laid out. */
    enum Style { PLAIN, MARKDOWN }

    private SignificanceSection() {
    }

    static String render(EvalReport report, Style style) {
        StatisticsReport s = report.statistics();
        List<String> blocks = new ArrayList<>();
        blocks.add(heading(style, 2, "Significance (METRICS.md §3)"));
        blocks.add(SignificanceTables.method(s) + "\n");
        blocks.add(heading(style, 3, "Same-language vs cross-language gap (R@10_same − R@10_cross on dual-gold queries)"));
        blocks.add(table(style, SignificanceTables.GAP_COLUMNS, SignificanceTables.gapRows(s)));
        String friedman = SignificanceTables.friedman(s);
        if (friedman != null) {
            List<String> runs = report.runs().stream().map(RunReport::name).toList();
            blocks.add(heading(style, 3, "Comparing runs"));
            blocks.add(friedman + "\n");
            blocks.add(table(style, SignificanceTables.PAIR_COLUMNS, SignificanceTables.pairRows(s)));
            blocks.add(text(style, "Matrix (`*`: Holm-adjusted p < 0.05):") + "\n");
            blocks.add(table(style, SignificanceTables.matrixHeader("R@10 row − column", runs), SignificanceTables.matrix(runs, s)));
        }
        // Markdown needs a blank line between blocks; the console keeps them together.
        return String.join(style == Style.MARKDOWN ? "\n" : "", blocks) + "\n";
    }

    private static String heading(Style style, int level, String title) {
        return style == Style.MARKDOWN ? "#".repeat(level) + " " + title + "\n" : title + "\n";
    }

    private static String table(Style style, List<String> header, List<List<String>> rows) {
        return style == Style.MARKDOWN ? TextTable.markdown(header, rows) : TextTable.plain(header, rows);
    }

    private static String text(Style style, String markdown) {
        return style == Style.MARKDOWN ? markdown : markdown.replace("`", "");
    }
}
