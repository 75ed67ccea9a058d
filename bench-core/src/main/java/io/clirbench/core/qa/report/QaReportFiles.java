package io.clirbench.core.qa.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.stats.F1Interval;
import io.clirbench.core.qa.stats.PairedComparison;
import io.clirbench.core.report.TextTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the QA report files into a directory: {@code report.json} (per system the XHotpotQA report keys,
 * plus ours: intervals, comparisons, and for protocol {@code hotpot} the official script's twelve means),
 * {@code report.md}, {@code report.html}, {@code summary.csv}, {@code per-example.csv}.
 */
public final class QaReportFiles {

    /** The files written, in order. */
    public static final List<String> NAMES = List.of("report.json", "report.md", "report.html", "summary.csv", "per-example.csv");
    /** The console tables {@code bench qa run} prints ({@link #console}), stored by the eval-service next to the files. */
    public static final String TEXT = "report.txt";
    /** Every file the eval-service stores per QA run (and the gateway serves): {@link #NAMES} and {@link #TEXT}. */
    public static final List<String> STORED = java.util.stream.Stream.concat(NAMES.stream(), java.util.stream.Stream.of(TEXT)).toList();

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n")).withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private QaReportFiles() {
    }

    /** Writes every file; returns their paths. */
    public static List<Path> write(QaRun run, Path dir) {
        try {
            Files.createDirectories(dir);
            List<String> contents = List.of(QaJson.MAPPER.writer(PRETTY).writeValueAsString(json(run)) + "\n", markdown(run),
                    QaHtmlReport.render(run), QaCsv.summary(run), QaCsv.perExample(run));
            List<Path> out = new ArrayList<>();
            for (int i = 0; i < NAMES.size(); i++) {
                Path file = dir.resolve(NAMES.get(i));
                Files.writeString(file, contents.get(i), StandardCharsets.UTF_8);
                out.add(file);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The console text: per system the per-condition table with intervals, then the comparisons and notes. */
    public static String console(QaRun run) {
        StringBuilder out = new StringBuilder();
        run.systems().forEach((system, r) -> {
            out.append(QaTables.counts(system, r, run.files())).append('\n');
            out.append(TextTable.plain(QaTables.CONDITION_HEADER, QaTables.conditions(run, system))).append('\n');
        });
        if (!run.comparisons().isEmpty()) {
            out.append(TextTable.plain(QaTables.COMPARISON_HEADER, QaTables.comparisons(run))).append('\n');
        }
        QaTables.notes(run).forEach(n -> out.append(n).append('\n'));
        return out.toString();
    }

    static String markdown(QaRun run) {
        StringBuilder out = new StringBuilder("# QA evaluation: " + run.dataset() + " (protocol " + run.protocol().cliName() + ")\n\n");
        run.systems().forEach((system, r) -> {
            out.append("## ").append(system).append("\n\n").append(QaTables.counts(system, r, run.files())).append("\n\n");
            out.append(TextTable.markdown(QaTables.CONDITION_HEADER, QaTables.conditions(run, system))).append('\n');
            out.append(TextTable.markdown(QaTables.SCRIPT_HEADER, QaTables.scriptRelations(run, system))).append('\n');
        });
        if (!run.comparisons().isEmpty()) {
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
            s.put("hotpot_metrics", QaJsonReport.hotpotMetrics(r.overall()));
        }
        List<Object> intervals = new ArrayList<>();
        if (run.statistics() != null) {
            for (F1Interval i : run.statistics().intervals()) {
                if (i.system().equals(name)) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("domain", i.domain());
                    m.put("f1", i.component());
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
