package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.report.TextTable;
import java.util.List;
import java.util.Locale;

/** The console and Markdown forms of an agentic evaluation. */
public final class AgentReportText {

    private AgentReportText() {
    }

    /** What was scored and how, in one paragraph. */
    public static String setting(AgentEvaluation e) {
        StringBuilder s = new StringBuilder();
        s.append(e.task() == null ? "Corpus-less (BrowseComp-Plus qrels and ground truth)" : "Task `" + e.task() + "`")
                .append("; scoring mode: ").append(e.mode() == ScoringMode.BCP ? "`--compat bcp` (BrowseComp-Plus evaluate_run.py)"
                        : "default (METRICS.md §5)")
                .append(". Citations: ").append(e.citationRule()).append(". Calibration: ").append(e.calibrationVariant())
                .append(". Intervals: 95% BCa, clustered bootstrap (cluster = query), ")
                .append(e.bootstrap()).append(" resamples, seed ").append(e.seed())
                .append("; `*` marks a percentile fallback. Per-language accuracy: 95% Wilson interval.");
        for (AgentRunResult r : e.runs()) {
            var s2 = r.summary();
            if (s2.missing() > 0 || s2.unexpected() > 0 || s2.skipped() > 0) {
                s.append(String.format(Locale.ROOT, " Run `%s`: %d questions without a run file (counted wrong), %d run files "
                        + "for unknown queries (ignored), %d files skipped.", s2.name(), s2.missing(), s2.unexpected(), s2.skipped()));
            }
        }
        return s.toString();
    }

    /** The console text: every table as aligned plain text. */
    public static String console(AgentEvaluation e) {
        StringBuilder out = new StringBuilder();
        out.append(setting(e).replace("`", "")).append("\n\n");
        section(out, "Runs", AgentTables.runs(e), false);
        section(out, "Per evidence language", AgentTables.languages(e), false);
        section(out, "Per resource group", AgentTables.groups(e), false);
        section(out, "Paired comparisons (sign-flip test, Holm-adjusted)", AgentTables.comparisons(e), false);
        section(out, "Answer judge against exact match", JudgeTables.summary(e), false);
        return out.toString();
    }

    /** The Markdown report. */
    public static String markdown(AgentEvaluation e) {
        StringBuilder out = new StringBuilder("# clirbench agentic evaluation\n\n").append(setting(e)).append("\n\n");
        section(out, "## Runs", AgentTables.runs(e), true);
        section(out, "## Per evidence language", AgentTables.languages(e), true);
        section(out, "## Per resource group", AgentTables.groups(e), true);
        section(out, "## Paired comparisons (sign-flip test, Holm-adjusted)", AgentTables.comparisons(e), true);
        section(out, "## Answer judge against exact match", JudgeTables.summary(e), true);
        section(out, "## Answers the judge and exact match disagree on", JudgeTables.disagreements(e), true);
        return out.toString();
    }

    private static void section(StringBuilder out, String title, AgentTables.Table t, boolean markdown) {
        if (t.rows().isEmpty()) {
            return;
        }
        out.append(title).append("\n\n");
        List<List<String>> rows = t.rows();
        out.append(markdown ? TextTable.markdown(t.header(), rows) : TextTable.plain(t.header(), rows)).append('\n');
    }
}
