package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Descriptor;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.report.HtmlReport;
import io.clirbench.core.report.HtmlText;
import java.util.ArrayList;
import java.util.List;

/**
 * The QA report page: per system the per-condition and per-script-relation tables, bars of answer,
 * support and joint F1 per condition and per script relation with intervals, the question × evidence
 * language heat-maps of answer (and support) F1, and the paired comparisons. Inline SVG, no scripts.
 */
public final class QaHtmlReport {

    private QaHtmlReport() {
    }

    /** The whole page. */
    public static String render(QaRun run) {
        String title = "clirbench QA evaluation: " + run.dataset() + " (" + run.protocol().cliName() + ")";
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(HtmlText.escape(title)).append("</title>\n")
                .append("<style>\n").append(HtmlReport.CSS).append("</style>\n</head>\n<body>\n<main>\n")
                .append("<h1>").append(HtmlText.escape(title)).append("</h1>\n");
        run.systems().forEach((name, r) -> out.append("<p class=\"note\">")
                .append(HtmlText.escape(QaTables.counts(name, r, run.files()))).append("</p>\n"));
        out.append("<section id=\"conditions\">\n<h2>Per condition</h2>\n");
        for (String system : run.systems().keySet()) {
            out.append(HtmlText.table(QaTables.conditionHeader(run, system), QaTables.conditions(run, system), system));
        }
        out.append("</section>\n<section id=\"scripts\">\n<h2>Per script relation</h2>\n");
        for (String system : run.systems().keySet()) {
            out.append(HtmlText.table(QaTables.scriptHeader(run, system), QaTables.scriptRelations(run, system), system));
        }
        out.append("</section>\n<section id=\"charts\">\n<h2>F1 with 95% intervals</h2>\n<div class=\"charts\">\n");
        List<String> conditions = new ArrayList<>(List.of("overall"));
        List<String> labels = new ArrayList<>(List.of("overall"));
        for (String c : Descriptor.CONDITIONS) {
            conditions.add(c);
            labels.add(Descriptor.SHORT.getOrDefault(c, "aligned"));
        }
        List<String> scripts = List.of("same-script", "mixed-script", "different-script");
        // answer and joint bars only when some system predicted answers: else every bar is an unmeasured 0
        List<String> components = run.systems().values().stream().anyMatch(QaResult::answersPredicted)
                ? List.of("answer", "support", "joint") : List.of("support");
        for (String component : components) {
            figure(out, "bars-condition", QaBarsSvg.render(run, component, conditions, labels, "condition"),
                    component + " F1 per condition (aligned = gold-aligned-no-distractors, S0–S4 as in XHotpotQA).");
        }
        for (String component : components) {
            figure(out, "bars-script", QaBarsSvg.render(run, component, scripts, scripts, "script relation"),
                    component + " F1 per script relation between the question and the gold paragraphs.");
        }
        out.append("</div>\n</section>\n<section id=\"heatmaps\">\n<h2>Question language × evidence language</h2>\n<div class=\"charts\">\n");
        for (var e : run.systems().entrySet()) {
            QaResult r = e.getValue();
            if (r.answersPredicted()) {
                figure(out, "heatmap", QaHeatMapSvg.render(e.getKey(), r, 0, "answer"), "Answer F1 of " + e.getKey() + ".");
            }
            figure(out, "heatmap-support", QaHeatMapSvg.render(e.getKey(), r, 1, "support"), "Support F1 of " + e.getKey() + ".");
        }
        out.append("</div>\n</section>\n");
        if (!QaTables.shownComparisons(run).isEmpty()) {
            out.append("<section id=\"comparisons\">\n<h2>Paired comparisons</h2>\n")
                    .append(HtmlText.table(QaTables.COMPARISON_HEADER, QaTables.comparisons(run), null)).append("</section>\n");
        }
        out.append("<section id=\"notes\">\n<h2>Notes</h2>\n");
        QaTables.notes(run).forEach(n -> out.append("<p class=\"note\">").append(HtmlText.escape(n)).append("</p>\n"));
        return out.append("</section>\n</main>\n</body>\n</html>\n").toString();
    }

    private static void figure(StringBuilder out, String kind, String svg, String caption) {
        if (svg != null) {
            out.append("<figure class=\"").append(kind).append("\">\n").append(svg).append("\n<figcaption>")
                    .append(HtmlText.escape(caption)).append("</figcaption>\n</figure>\n");
        }
    }
}
