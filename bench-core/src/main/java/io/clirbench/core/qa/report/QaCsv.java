package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Aggregate;
import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.QaMeasure;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.stats.F1Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code summary.csv} (every aggregate with its intervals) and {@code per-example.csv}: a column per measure of the run's
 * {@link QaMeasures} registry with a CSV column, in its order; in summary.csv then the macro value and bounds of each
 * measure with an interval.
 */
final class QaCsv {

    private QaCsv() {
    }

    static String summary(QaRun run) {
        QaMeasures measures = run.measures();
        List<String> header = new ArrayList<>(List.of("system", "group", "key", "n"));
        header.addAll(columns(measures));
        for (QaMeasure m : measures.withIntervals()) {
            String base = m.csvColumn() == null ? m.key() : m.csvColumn();
            header.addAll(List.of(base + "_macro", base + "_low", base + "_high"));
        }
        StringBuilder out = new StringBuilder(String.join(",", header)).append('\n');
        run.systems().forEach((system, r) -> {
            row(out, run, system, "overall", "overall", r.overall());
            groups(r).forEach((group, map) -> map.forEach((key, a) -> row(out, run, system, group, key, a)));
        });
        return out.toString();
    }

    private static Map<String, Map<String, Aggregate>> groups(QaResult r) {
        Map<String, Map<String, Aggregate>> out = new java.util.LinkedHashMap<>();
        out.put("by_question_language", r.byQuestionLanguage());
        out.put("by_language_condition", r.byCondition());
        out.put("by_script_relation", r.byScriptRelation());
        out.putAll(r.bins());
        return out;
    }

    private static void row(StringBuilder out, QaRun run, String system, String group, String key, Aggregate a) {
        List<String> cells = new ArrayList<>(List.of(cell(system), group, cell(key), Integer.toString(a.n())));
        QaMeasures measures = run.measures();
        for (QaMeasure m : measures.csvColumns()) {
            double mean = a.mean(m.key());
            cells.add(Double.isNaN(mean) ? "" : Double.toString(mean));
        }
        boolean domain = group.equals("overall") || group.equals("by_language_condition") || group.equals("by_script_relation");
        for (QaMeasure m : measures.withIntervals()) {
            F1Interval i = domain ? run.interval(system, key, m.key()) : null;
            cells.add(i == null ? "" : Double.toString(i.balanced()));
            cells.add(i == null || !i.interval().defined() ? "" : Double.toString(i.interval().low()));
            cells.add(i == null || !i.interval().defined() ? "" : Double.toString(i.interval().high()));
        }
        out.append(String.join(",", cells)).append('\n');
    }

    static String perExample(QaRun run) {
        StringBuilder out = new StringBuilder("system,id,question_language,source_id,condition,script_relation,evidence_language,"
                + "prediction_present," + String.join(",", columns(run.measures())) + "\n");
        run.systems().forEach((system, r) -> {
            for (ExampleRecord e : r.examples()) {
                List<String> cells = new ArrayList<>(List.of(cell(system), cell(e.id()), e.questionLanguage(), cell(e.sourceId()),
                        e.descriptor().condition(), e.descriptor().scriptRelation(), e.descriptor().evidenceLanguage(),
                        Boolean.toString(e.predictionPresent())));
                for (QaMeasure m : run.measures().csvColumns()) {
                    cells.add(Double.toString(m.of(e.score())));
                }
                out.append(String.join(",", cells)).append('\n');
            }
        });
        return out.toString();
    }

    private static List<String> columns(QaMeasures measures) {
        return measures.csvColumns().stream().map(QaMeasure::csvColumn).toList();
    }

    // RFC 4180 quoting when needed
    private static String cell(String value) {
        return value.contains(",") || value.contains("\"") || value.contains("\n") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
