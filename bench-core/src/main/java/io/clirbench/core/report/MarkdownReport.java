package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.language.LanguageMetrics;
import java.util.List;
import java.util.Map;

/** The Markdown report: headline tables, then per run its languages, recall, RRC curve, route grid and slices. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    /** Renders the whole report. */
    public static String render(EvalReport report) {
        StringBuilder out = new StringBuilder("# clirbench evaluation\n\n");
        out.append(ReportText.setting(report)).append("\n\n");
        out.append(FailedRetrieversSection.markdown(report));
        boolean language = !report.runs().isEmpty() && report.runs().get(0).language() != null;
        if (language) {
            out.append("## Language-aware retrieval (METRICS.md §2)\n\n");
            out.append(TextTable.markdown(HeadlineTable.LANGUAGE_COLUMNS,
                    report.runs().stream().map(run -> HeadlineTable.languageRow(run, report.intervals(run.name()))).toList()));
            out.append('\n').append(ReportText.LEGEND).append("\n\n");
            out.append(RecoveryTable.markdown(report));
        }
        out.append(RouteTable.markdown(report));
        if (report.statistics() != null) {
            out.append(SignificanceSection.render(report, SignificanceSection.Style.MARKDOWN));
        }
        out.append("## Standard measures (trec_eval -c, METRICS.md §1)\n\n");
        if (!report.runs().isEmpty()) {
            out.append(TextTable.markdown(HeadlineTable.standardColumns(report.runs().get(0).standard().measureNames()),
                    report.runs().stream().map(HeadlineTable::standardRow).toList()));
        }
        out.append(EfficiencySection.markdown(report));
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

    private static void appendLanguage(StringBuilder out, LanguageMetrics m, String level) {
        out.append('\n').append(ReportText.domains(m)).append("\n\n");
        out.append(level).append(" Per query language\n\n");
        out.append(markdown(LanguageTables.perLanguage(m)));
        out.append('\n').append(level).append(" Recall: balanced and pooled means\n\n");
        out.append(markdown(LanguageTables.recall(m)));
        appendRecoverability(out, m, level);
        for (int k : LanguageTables.routeKs(m)) {
            out.append('\n').append(level).append(" Route grid R@").append(k)
                    .append(" (query language → document language; 95% Wilson interval, gold pairs)\n\n");
            out.append(markdown(LanguageTables.routeGrid(m, k)));
        }
    }

    private static void appendRecoverability(StringBuilder out, LanguageMetrics m, String level) {
        out.append('\n').append(level).append(" Re-ranker recoverability over Dom_X\n\n");
        if (m.recoverability().grid().isEmpty()) {
            out.append("No query has cross-language gold.\n");
            return;
        }
        out.append(markdown(LanguageTables.rrc(m.recoverability())));
        out.append('\n').append(LanguageTables.recoverabilitySummary(m)).append('\n');
    }

    private static void appendSlices(StringBuilder out, String key, Map<String, LanguageMetrics> byValue) {
        out.append("\n### Slices by `").append(key).append("`\n\n");
        out.append(markdown(LanguageTables.slices(key, byValue)));
    }

    private static String markdown(LanguageTables.Table table) {
        return TextTable.markdown(table.header(), table.rows());
    }
}
