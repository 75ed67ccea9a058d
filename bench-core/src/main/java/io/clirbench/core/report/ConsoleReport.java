package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;

/**
 * The report as a terminal shows it ({@code report.txt}, what {@code bench eval}, {@code bench run}
 * and {@code bench demo} print): the setting, the language-aware table, significance, the standard table.
 */
public final class ConsoleReport {

    private ConsoleReport() {
    }

    public static String render(EvalReport report) {
        StringBuilder out = new StringBuilder(ReportText.setting(report)).append("\n\n");
        out.append(FailedRetrieversSection.plain(report));
        if (report.runs().isEmpty()) {
            return out.append("(no runs)\n").toString();
        }
        boolean language = report.runs().get(0).language() != null;
        if (language) {
            out.append("Language-aware retrieval (METRICS.md §2)\n");
            out.append(TextTable.plain(HeadlineTable.LANGUAGE_COLUMNS,
                    report.runs().stream().map(run -> HeadlineTable.languageRow(run, report.intervals(run.name()))).toList()));
            out.append(ReportText.LEGEND.replace("`", "")).append("\n\n");
        }
        out.append(RecoveryTable.plain(report));
        out.append(RouteTable.plain(report));
        if (report.statistics() != null) {
            out.append(SignificanceSection.render(report, SignificanceSection.Style.PLAIN));
        }
        out.append("Standard measures (trec_eval -c, METRICS.md §1)\n");
        out.append(TextTable.plain(HeadlineTable.standardColumns(report.runs().get(0).standard().measureNames()),
                report.runs().stream().map(HeadlineTable::standardRow).toList()));
        out.append(EfficiencySection.plain(report));
        for (RunReport run : report.runs()) {
            if (run.ignoredRunQueries() > 0 || run.unknownDocuments() > 0) {
                out.append(run.name()).append(": ").append(ReportText.runCounts(run)).append('\n');
            }
        }
        return out.toString();
    }
}
