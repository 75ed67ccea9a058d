package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Aggregate;
import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.stats.F1Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code summary.csv} (every aggregate with its intervals) and {@code per-example.csv}. */
final class QaCsv {

    private static final String MEANS = "answer_em,answer_p,answer_r,answer_f1,support_em,support_p,support_r,support_f1,"
            + "joint_em,joint_p,joint_r,joint_f1";

    private QaCsv() {
    }

    static String summary(QaRun run) {
        StringBuilder out = new StringBuilder("system,group,key,n," + MEANS
                + ",answer_f1_macro,answer_f1_low,answer_f1_high,support_f1_macro,support_f1_low,support_f1_high,"
                + "joint_f1_macro,joint_f1_low,joint_f1_high\n");
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
        for (double m : a.means()) {
            cells.add(Double.isNaN(m) ? "" : Double.toString(m));
        }
        boolean domain = group.equals("overall") || group.equals("by_language_condition") || group.equals("by_script_relation");
        for (String component : List.of("answer", "support", "joint")) {
            F1Interval i = domain ? run.interval(system, key, component) : null;
            cells.add(i == null ? "" : Double.toString(i.balanced()));
            cells.add(i == null || !i.interval().defined() ? "" : Double.toString(i.interval().low()));
            cells.add(i == null || !i.interval().defined() ? "" : Double.toString(i.interval().high()));
        }
        out.append(String.join(",", cells)).append('\n');
    }

    static String perExample(QaRun run) {
        StringBuilder out = new StringBuilder("system,id,question_language,source_id,condition,script_relation,evidence_language,"
                + "prediction_present," + MEANS + "\n");
        run.systems().forEach((system, r) -> {
            for (ExampleRecord e : r.examples()) {
                List<String> cells = new ArrayList<>(List.of(cell(system), cell(e.id()), e.questionLanguage(), cell(e.sourceId()),
                        e.descriptor().condition(), e.descriptor().scriptRelation(), e.descriptor().evidenceLanguage(),
                        Boolean.toString(e.predictionPresent())));
                for (int c = 0; c < 3; c++) {
                    for (int m = 0; m < 4; m++) {
                        cells.add(Double.toString(e.score().component(c).get(m)));
                    }
                }
                out.append(String.join(",", cells)).append('\n');
            }
        });
        return out.toString();
    }

    // RFC 4180 quoting when needed
    private static String cell(String value) {
        return value.contains(",") || value.contains("\"") || value.contains("\n") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
