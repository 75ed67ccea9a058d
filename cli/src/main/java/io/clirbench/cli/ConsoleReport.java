package io.clirbench.cli;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.report.HeadlineTable;
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
                    report.runs().stream().map(HeadlineTable::languageRow).toList()));
            out.append(ReportText.LEGEND.replace("`", "")).append("\n\n");
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
}
