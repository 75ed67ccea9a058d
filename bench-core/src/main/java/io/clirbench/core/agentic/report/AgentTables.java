package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.Comparison;
import io.clirbench.core.agentic.eval.LanguageRow;
import io.clirbench.core.agentic.eval.RunSummary;
import io.clirbench.core.report.Numbers;
import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.WilsonInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The tables of an agentic evaluation (header and rows of text), shared by the console, Markdown and HTML reports. */
public final class AgentTables {

    /** A table: its header and its rows. */
    public record Table(List<String> header, List<List<String>> rows) {
    }

    private AgentTables() {
    }

    /** Per run (one per configuration, retriever or agent). */
    public static Table runs(AgentEvaluation e) {
        List<List<String>> rows = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            RunSummary s = r.summary();
            rows.add(List.of(s.name(), r.configuration() == null ? "-" : r.configuration(), Integer.toString(s.queries()),
                    withInterval(s.accuracy(), r.accuracyInterval()), withInterval(s.evidenceRecall(), r.recallInterval()),
                    Numbers.fixed(s.goldRecall(), 3), Numbers.fixed(s.searchCallsMean(), 2), Numbers.fixed(s.searchCallsMedian(), 1),
                    Numbers.fixed(s.documentsReadMean(), 2), Numbers.fixed(s.citationCoverage(), 3),
                    Numbers.fixed(s.citationPrecision(), 3), Numbers.fixed(s.citationRecall(), 3),
                    s.calibrationError() == null ? "n/a (<100)" : Numbers.fixed(s.calibrationError(), 2)));
        }
        return new Table(List.of("run", "configuration", "queries", "accuracy [95% BCa]", "evidence recall [95% BCa]",
                "gold recall", "search calls", "median calls", "docs read", "cite coverage", "cite precision", "cite recall",
                "calibration %"), rows);
    }

    /** Per evidence language of every run. */
    public static Table languages(AgentEvaluation e) {
        return rowsOf(e, false);
    }

    /** Per resource group of every run. */
    public static Table groups(AgentEvaluation e) {
        return rowsOf(e, true);
    }

    private static Table rowsOf(AgentEvaluation e, boolean groups) {
        List<List<String>> rows = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            for (LanguageRow l : groups ? r.byGroup() : r.byLanguage()) {
                rows.add(List.of(r.summary().name(), l.language(), Integer.toString(l.queries()),
                        wilson(l.accuracy(), l.accuracyInterval()), withInterval(l.evidenceRecall(), l.recallInterval()),
                        Numbers.fixed(l.searchCalls(), 2), l.calibrationError() == null ? "n/a" : Numbers.fixed(l.calibrationError(), 2)));
            }
        }
        return new Table(List.of("run", groups ? "resource group" : "evidence language", "N", "accuracy [95% Wilson]",
                "evidence recall [95% BCa]", "search calls", "calibration %"), rows);
    }

    /** The paired comparisons. */
    public static Table comparisons(AgentEvaluation e) {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison c : e.comparisons()) {
            rows.add(List.of(c.metric(), c.a() + " − " + c.b(), Integer.toString(c.paired()), Numbers.fixed(c.difference(), 4),
                    p(c.p()), p(c.pHolm()), c.note() == null ? "" : c.note()));
        }
        return new Table(List.of("metric", "runs (a − b)", "paired", "mean difference", "p (sign-flip)", "p (Holm)", "note"), rows);
    }

    static String withInterval(Double value, Interval i) {
        String v = Numbers.fixed(value, 3);
        if (value == null || i == null || !i.defined()) {
            return v;
        }
        return v + " [" + Numbers.fixed(i.low(), 3) + ", " + Numbers.fixed(i.high(), 3) + "]" + ("BCa".equals(i.method()) ? "" : "*");
    }

    private static String wilson(double value, WilsonInterval w) {
        return Numbers.fixed(value, 3) + " [" + Numbers.fixed(w.low(), 3) + ", " + Numbers.fixed(w.high(), 3) + "]";
    }

    private static String p(Double p) {
        return p == null ? "-" : p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
