package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.LanguageRow;
import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.agentic.eval.AgentMeasure;
import io.clirbench.core.agentic.eval.AgentMeasures;
import io.clirbench.core.agentic.eval.AgentQueryColumn;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.report.Numbers;
import io.clirbench.core.report.ReportFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every file of an agentic report, rendered in memory (name → content, {@link ReportFiles#AGENT}): {@code report.json},
 * {@code report.md}, {@code report.html}, {@code summary.csv}, {@code languages.csv}, {@code queries.csv}, and per run
 * {@code RUN/evaluation_summary.json} in BrowseComp-Plus's schema ({@link ReportFiles#evaluationSummary}).
 */
public final class AgentReportBundle {

    private AgentReportBundle() {
    }

    /** The files; {@code date} is the {@code Evaluation Date} of the BrowseComp-Plus summaries. */
    public static Map<String, String> render(AgentEvaluation e, String date) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ReportFiles.JSON, AgentJson.pretty(json(e)));
        files.put(ReportFiles.MARKDOWN, AgentReportText.markdown(e));
        files.put(ReportFiles.HTML, AgentHtmlReport.render(e));
        files.put(ReportFiles.SUMMARY_CSV, summaryCsv(e));
        files.put(ReportFiles.LANGUAGES_CSV, languagesCsv(e));
        files.put(ReportFiles.QUERIES_CSV, queriesCsv(e));
        for (AgentRunResult r : e.runs()) {
            files.put(ReportFiles.evaluationSummary(r.summary().name()),
                    AgentJson.pretty(BcpEvaluationSummary.of(r.scores(), r.summary(), date)));
        }
        return files;
    }

    static Map<String, Object> json(AgentEvaluation e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("task", e.task());
        out.put("mode", e.mode().name().toLowerCase(java.util.Locale.ROOT));
        out.put("corpusLess", e.corpusLess());
        out.put("citationRule", e.citationRule());
        out.put("calibrationVariant", e.calibrationVariant());
        out.put("bootstrap", e.bootstrap());
        out.put("seed", e.seed());
        List<Map<String, Object>> runs = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("name", r.summary().name());
            run.put("configuration", r.configuration());
            run.put("summary", r.summary().json());
            r.intervals().forEach((key, interval) -> run.put(key + "Interval", interval));
            run.put("byEvidenceLanguage", r.byLanguage());
            run.put("byResourceGroup", r.byGroup());
            if (r.judge() != null) {
                run.put("judge", r.judge());
            }
            run.put("unexpectedQueries", r.scores().unexpected());
            run.put("skippedFiles", r.scores().skipped());
            runs.add(run);
        }
        out.put("runs", runs);
        out.put("comparisons", e.comparisons());
        return out;
    }

    /** One row per run: run, configuration, then every CSV column of the registry (an interval's bounds beside it). */
    private static String summaryCsv(AgentEvaluation e) {
        List<AgentMeasure> columns = e.measures().csvColumns();
        List<String> header = new ArrayList<>(List.of("run", "configuration"));
        for (AgentMeasure m : columns) {
            header.add(m.csvColumn());
            if (m.interval() != AgentMeasure.IntervalKind.NONE) {
                header.add(m.csvColumn() + "_low");
                header.add(m.csvColumn() + "_high");
            }
        }
        StringBuilder out = new StringBuilder(String.join(",", header)).append('\n');
        for (AgentRunResult r : e.runs()) {
            List<String> cells = new ArrayList<>(List.of(csv(r.summary().name()), csv(r.configuration() == null ? "" : r.configuration())));
            for (AgentMeasure m : columns) {
                Object value = r.summary().value(m.key());
                cells.add(value instanceof Integer n ? n.toString() : Numbers.raw((Double) value));
                if (m.interval() != AgentMeasure.IntervalKind.NONE) {
                    cells.add(Numbers.raw(r.interval(m).low()));
                    cells.add(Numbers.raw(r.interval(m).high()));
                }
            }
            out.append(String.join(",", cells)).append('\n');
        }
        return out.toString();
    }

    private static String languagesCsv(AgentEvaluation e) {
        StringBuilder out = new StringBuilder("run,kind,language,queries,correct,accuracy,accuracy_low,accuracy_high,"
                + "evidence_recall,evidence_recall_low,evidence_recall_high,search_calls,calibration_error\n");
        for (AgentRunResult r : e.runs()) {
            for (String kind : List.of("language", "group")) {
                for (LanguageRow l : kind.equals("language") ? r.byLanguage() : r.byGroup()) {
                    out.append(csv(r.summary().name())).append(',').append(kind).append(',').append(l.language()).append(',')
                            .append(l.queries()).append(',').append(l.correct()).append(',').append(Numbers.raw(l.accuracy())).append(',')
                            .append(Numbers.raw(l.accuracyInterval().low())).append(',').append(Numbers.raw(l.accuracyInterval().high()))
                            .append(',').append(Numbers.raw(l.evidenceRecall())).append(',').append(Numbers.raw(l.recallInterval().low()))
                            .append(',').append(Numbers.raw(l.recallInterval().high())).append(',').append(Numbers.raw(l.searchCalls()))
                            .append(',').append(Numbers.raw(l.calibrationError())).append('\n');
                }
            }
        }
        return out.toString();
    }

    /** One row per run and query: run, query id, then the registry's query columns ({@link AgentMeasures#queryColumns}). */
    private static String queriesCsv(AgentEvaluation e) {
        List<AgentQueryColumn> columns = e.measures().queryColumns();
        List<String> header = new ArrayList<>(List.of("run", "query_id"));
        columns.forEach(c -> header.add(c.header()));
        StringBuilder out = new StringBuilder(String.join(",", header)).append('\n');
        for (AgentRunResult r : e.runs()) {
            for (AgentQueryScore q : r.scores().queries()) {
                List<String> cells = new ArrayList<>(List.of(csv(r.summary().name()), csv(q.queryId())));
                columns.forEach(c -> cells.add(csv(c.cell().apply(q))));
                out.append(String.join(",", cells)).append('\n');
            }
        }
        return out.toString();
    }

    private static String csv(String value) {
        return value.contains(",") || value.contains("\"") || value.contains("\n")
                ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
