package io.clirbench.core.report.export;

import io.clirbench.core.report.LatexText;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.report.HeadlineTable;
import io.clirbench.core.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The headline numbers of a report as a LaTeX {@code booktabs} table for a paper, one row per run: the standard
 * measures among {@link #HEADLINE_STANDARD} that the report has (trec_eval {@code -c} means), then, with a dataset,
 * the language-balanced {@code R@10}, {@code R@10_same} and {@code R@10_cross} with their 95% interval where the report
 * has one ({@code 0.412 [0.371, 0.455]}, as the other reports print them). Every text cell is escaped
 * ({@link #escape}); the document needs the booktabs package.
 */
public final class LatexTable {

    /** The standard measures a table shows when the report has them, in this order. */
    public static final List<String> HEADLINE_STANDARD = List.of("nDCG@10", "nDCG@20", "R@100", "R@1000", "MRR@10", "MAP");
    /** The language-aware measures shown for a report on a dataset. */
    public static final List<String> HEADLINE_LANGUAGE = List.of("R@10", "R@10_same", "R@10_cross");

    private LatexTable() {
    }

    /** The {@code table} environment of the report's runs. */
    public static String render(EvalReport report) {
        List<String> standard = standardColumns(report);
        boolean language = report.runs().stream().anyMatch(r -> r.language() != null);
        List<String> header = new ArrayList<>();
        header.add("Run");
        standard.forEach(header::add);
        if (language) {
            HEADLINE_LANGUAGE.forEach(m -> header.add(m + " (balanced)"));
        }
        StringBuilder out = new StringBuilder();
        out.append("% ").append(escapeComment(report.tool())).append(": ").append(escapeComment(source(report))).append('\n');
        out.append("% needs \\usepackage{booktabs}\n");
        out.append("\\begin{table}[t]\n\\centering\n");
        out.append("\\begin{tabular}{l").append("r".repeat(header.size() - 1)).append("}\n\\toprule\n");
        row(out, header);
        out.append("\\midrule\n");
        for (RunReport run : report.runs()) {
            row(out, cells(report, run, standard, language));
        }
        out.append("\\bottomrule\n\\end{tabular}\n");
        out.append("\\caption{").append(escape(caption(report, language))).append("}\n");
        out.append("\\end{table}\n");
        return out.toString();
    }

    private static List<String> standardColumns(EvalReport report) {
        List<String> names = report.runs().isEmpty() ? List.of() : report.runs().get(0).standard().measureNames();
        return HEADLINE_STANDARD.stream().filter(names::contains).toList();
    }

    private static List<String> cells(EvalReport report, RunReport run, List<String> standard, boolean language) {
        List<String> cells = new ArrayList<>();
        cells.add(run.name());
        for (String measure : standard) {
            int i = run.standard().measureNames().indexOf(measure);
            cells.add(i < 0 ? "n/a" : Numbers.fixed(run.standard().means()[i], 3));
        }
        if (language) {
            for (String measure : HEADLINE_LANGUAGE) {
                cells.add(run.language() == null ? "n/a"
                        : HeadlineTable.withInterval(run.language().recall(measure).balanced(), report.intervals(run.name()).get(measure)));
            }
        }
        return cells;
    }

    private static void row(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            out.append(i == 0 ? "" : " & ").append(escape(cells.get(i)));
        }
        out.append(" \\\\\n");
    }

    private static String source(EvalReport report) {
        if (report.dataset() == null) {
            return "qrels " + report.qrelsFile();
        }
        return "dataset " + report.dataset().id() + " " + report.dataset().version()
                + (report.dataset().hash() == null ? "" : " (" + report.dataset().hash() + ")");
    }

    private static String caption(EvalReport report, boolean language) {
        String queries = report.judgedQueries() + " judged queries";
        return (report.dataset() != null ? report.dataset().name() : "qrels " + report.qrelsFile()) + ", " + queries
                + ": trec_eval -c means" + (language ? "; R@10 balanced over query languages, 95% interval in brackets" : "")
                + ".";
    }

    /** {@code text} made literal in LaTeX ({@link LatexText#escape}). */
    public static String escape(String text) {
        return LatexText.escape(text);
    }

    /** A comment line stays one line. */
    private static String escapeComment(String text) {
        return text == null ? "" : text.replace('\n', ' ').replace('\r', ' ');
    }
}
