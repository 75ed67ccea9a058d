package io.clirbench.core.qa.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.stats.F1Interval;
import io.clirbench.core.qa.stats.PairedComparison;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.report.TextTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every file of a QA report, rendered in memory (name → content, {@link ReportFiles#QA}): {@code report.json} (per
 * system the XHotpotQA report keys, plus ours: intervals, comparisons, and for protocol {@code hotpot} the official
 * script's twelve means), {@code report.md}, {@code report.html}, {@code summary.csv}, {@code per-example.csv} and
 * {@code report.txt} (the console tables, {@link #console}).
 */
public final class QaReportBundle {

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n")).withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private QaReportBundle() {
    }

    /** File name to content, in the order of {@link ReportFiles#QA}. */
    public static Map<String, String> render(QaRun run) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ReportFiles.JSON, jsonText(run));
        files.put(ReportFiles.MARKDOWN, markdown(run));
        files.put(ReportFiles.HTML, QaHtmlReport.render(run));
        files.put(ReportFiles.SUMMARY_CSV, QaCsv.summary(run));
        files.put(ReportFiles.PER_EXAMPLE_CSV, QaCsv.perExample(run));
        files.put(ReportFiles.TEXT, console(run));
        return files;
    }

    private static String jsonText(QaRun run) {
        try {
            return QaJson.MAPPER.writer(PRETTY).writeValueAsString(json(run)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render report.json: " + e.getMessage(), e);
        }
    }

    /**
     * The console text: per system the per-condition table with intervals (selection measures only for a system that
     * predicted no answer, {@link QaTables}), then the comparisons and notes (the first says how to add a reader when
     * a system had none).
     */
    public static String console(QaRun run) {
        StringBuilder out = new StringBuilder();
        run.systems().forEach((system, r) -> {
            out.append(QaTables.counts(system, r, run.files())).append('\n');
            out.append(TextTable.plain(QaTables.conditionHeader(run, system), QaTables.conditions(run, system))).append('\n');
        });
        if (!QaTables.shownComparisons(run).isEmpty()) {
            out.append(TextTable.plain(QaTables.COMPARISON_HEADER, QaTables.comparisons(run))).append('\n');
        }
        QaTables.notes(run).forEach(n -> out.append(n).append('\n'));
        return out.toString();
    }

    static String markdown(QaRun run) {
        StringBuilder out = new StringBuilder("# QA evaluation: " + run.dataset() + " (protocol " + run.protocol().cliName() + ")\n\n");
        run.systems().forEach((system, r) -> {
            out.append("## ").append(system).append("\n\n").append(QaTables.counts(system, r, run.files())).append("\n\n");
            out.append(TextTable.markdown(QaTables.conditionHeader(run, system), QaTables.conditions(run, system))).append('\n');
            out.append(TextTable.markdown(QaTables.scriptHeader(run, system), QaTables.scriptRelations(run, system))).append('\n');
        });
        if (!QaTables.shownComparisons(run).isEmpty()) {
            out.append("## Paired comparisons\n\n").append(TextTable.markdown(QaTables.COMPARISON_HEADER, QaTables.comparisons(run)))
                    .append('\n');
        }
        out.append("## Notes\n\n");
        QaTables.notes(run).forEach(n -> out.append("- ").append(n).append('\n'));
        return out.toString();
    }

    /** The report.json tree. */
    public static Map<String, Object> json(QaRun run) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dataset", run.dataset());
        out.put("protocol", run.protocol().cliName());
        Map<String, Object> bootstrap = new LinkedHashMap<>();
        bootstrap.put("replicates", run.replicates());
        bootstrap.put("seed", run.seed());
        bootstrap.put("level", 0.95);
        bootstrap.put("stratum", "question_language");
        bootstrap.put("cluster", "source_id");
        bootstrap.put("interval_of", "language-balanced (macro) F1 of the domain");
        out.put("bootstrap", bootstrap);
        List<Object> systems = new ArrayList<>();
        run.systems().forEach((name, r) -> systems.add(system(run, name, r)));
        out.put("systems", systems);
        List<Object> comparisons = new ArrayList<>();
        for (PairedComparison c : run.comparisons()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("first", c.first());
            m.put("second", c.second());
            m.put("f1", c.component());
            m.put("domain", c.domain());
            m.put("n", c.n());
            m.put("difference_macro", c.difference());
            m.put("p", c.p());
            m.put("p_holm", c.pHolm());
            m.put("no_p_value_reason", c.noPValueReason());
            comparisons.add(m);
        }
        out.put("comparisons", comparisons);
        return out;
    }

    private static Map<String, Object> system(QaRun run, String name, QaResult r) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("name", name);
        s.put("file", run.files().get(name));
        s.putAll(QaJsonReport.xhotpot(r));
        if (r.protocol() == Protocol.HOTPOT) {
            s.put("hotpot_metrics", QaJsonReport.hotpotMetrics(r.overall(), r.measures()));
        }
        List<Object> intervals = new ArrayList<>();
        if (run.statistics() != null) {
            for (F1Interval i : run.statistics().intervals()) {
                if (i.system().equals(name)) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("domain", i.domain());
                    if (i.component() != null && "f1".equals(run.measures().get(i.measure()).jsonName())) {
                        m.put("f1", i.component()); // the standard intervals: of which F1
                    } else {
                        m.put("measure", i.measure());
                    }
                    m.put("n", i.n());
                    m.put("languages", i.languages());
                    m.put("clusters", i.clusters());
                    m.put("macro", i.balanced());
                    m.put("low", i.interval().low());
                    m.put("high", i.interval().high());
                    m.put("method", i.interval().method());
                    m.put("note", i.interval().note());
                    intervals.add(m);
                }
            }
        }
        s.put("intervals", intervals);
        return s;
    }
}
