package io.clirbench.cli;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.eval.StatisticsReport;
import io.clirbench.core.report.HeadlineTable;
import io.clirbench.core.report.SignificanceTables;
import java.util.List;
import io.clirbench.core.report.ReportText;
import io.clirbench.core.report.TextTable;

/** What {@code bench eval} prints: the setting, the language-aware table and the standard table. */
final class ConsoleReport {

    private ConsoleReport() {
    }

    static String render(EvalReport report) {
        StringBuilder out = new StringBuilder(ReportText.setting(report)).append("\n\n");
        boolean language = report.runs().get(0).language() != null;
        if (language) {
            out.append("Language-aware retrieval (METRICS.md §2)\n");
            out.append(TextTable.plain(HeadlineTable.LANGUAGE_COLUMNS,
                    report.runs().stream().map(run -> HeadlineTable.languageRow(run, report.intervals(run.name()))).toList()));
            out.append(ReportText.LEGEND.replace("`", "")).append("\n\n");
        }
        if (report.statistics() != null) {
            appendSignificance(out, report);
        }
        out.append("Standard measures (trec_eval -c, METRICS.md §1)\n");
        out.append(TextTable.plain(HeadlineTable.standardColumns(report.runs().get(0).standard().measureNames()),
                report.runs().stream().map(HeadlineTable::standardRow).toList()));
        for (RunReport run : report.runs()) {
            if (run.ignoredRunQueries() > 0 || run.unknownDocuments() > 0) {
                out.append(run.name()).append(": ").append(ReportText.runCounts(run)).append('\n');
            }
        }
        return out.toString();
    }

    private static void appendSignificance(StringBuilder out, EvalReport report) {
        StatisticsReport s = report.statistics();
        out.append("Significance (METRICS.md §3). ").append(SignificanceTables.method(s)).append('\n');
        out.append("Same-language vs cross-language gap on dual-gold queries\n");
        out.append(TextTable.plain(SignificanceTables.GAP_COLUMNS, SignificanceTables.gapRows(s)));
        String friedman = SignificanceTables.friedman(s);
        if (friedman != null) {
            out.append(friedman).append('\n');
            List<String> runs = report.runs().stream().map(RunReport::name).toList();
            out.append(TextTable.plain(SignificanceTables.matrixHeader("R@10 row − column (* Holm p < 0.05)", runs),
                    SignificanceTables.matrix(runs, s)));
        }
        out.append('\n');
    }
}
