package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.language.LanguageMetrics;
import java.util.Locale;

/** Sentences shared by the console and Markdown reports. */
public final class ReportText {

    /** What the headline table's notation means. */
    public static final String LEGEND = "R@10 values are language-balanced means (mean over query languages of the "
            + "per-language mean). k80 depths ± bootstrap SE (2,000 resamples of Dom_SX); `>N` = censored (the gold "
            + "was not within the depth). XRC50 = median cross / median same first rank. `*` = not meaningful: the "
            + "run is degenerate (pooled R@10_cross < 0.10).";

    private ReportText() {
    }

    /** A descriptor field the dataset does not give (an imported BEIR or NeuCLIR dataset has no version): "n/a", not "null". */
    private static String orNa(String value) {
        return value == null ? "n/a" : value;
    }

    /** One paragraph: dataset or qrels, depth, expansion, seed, judged queries. */
    public static String setting(EvalReport report) {
        String source = report.dataset() == null
                ? "Qrels `" + report.qrelsFile() + "` (standard measures only)"
                : String.format(Locale.ROOT, "Dataset `%s` (%s, version %s, %s): %,d documents, %,d queries, languages %s",
                        report.dataset().id(), orNa(report.dataset().name()), orNa(report.dataset().version()),
                        orNa(report.dataset().license()), report.dataset().documents(), report.dataset().queries(),
                        String.join(" ", report.dataset().languages()))
                        + (report.dataset().hash() == null ? "" : ", content `" + report.dataset().hash() + "`");
        return String.format(Locale.ROOT, "%s. Judged queries: %,d. Depth N = %d. Family expansion: %s. Seed: %d. %s.%s",
                source, report.judgedQueries(), report.depth(), report.familyExpansion() ? "on" : "off",
                report.seed(), report.tool(), extra(report));
    }

    /** The dataset.json fields beyond the known ones, each value cut to 120 characters: {@code  Also in dataset.json: description "..."}. */
    private static String extra(EvalReport report) {
        if (report.dataset() == null || report.dataset().extra() == null || report.dataset().extra().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(" Also in dataset.json:");
        String separator = " ";
        for (var field : report.dataset().extra().entrySet()) {
            String value = field.getValue().length() > 120 ? field.getValue().substring(0, 117) + "..." : field.getValue();
            out.append(separator).append(field.getKey()).append(' ').append(value);
            separator = "; ";
        }
        return out.append('.').toString();
    }

    /** How many queries the run had, and what was ignored. */
    public static String runCounts(RunReport run) {
        String text = String.format(Locale.ROOT, "File `%s`: %,d query lists read; %,d judged queries scored (trec_eval -c); "
                + "%,d run queries not in the qrels ignored", run.file(), run.runQueries(), run.standard().queryCount(),
                run.ignoredRunQueries());
        if (run.unknownDocuments() > 0) {
            text += String.format(Locale.ROOT, "; %,d retrieved ids within the depth are not in the corpus (counted as non-relevant)",
                    run.unknownDocuments());
        }
        return text + ".";
    }

    /** Domain sizes of the §2 metrics. */
    public static String domains(LanguageMetrics m) {
        return String.format(Locale.ROOT, "Queries with gold: %,d; Dom_S (same-language gold): %,d; Dom_X (cross-language gold): %,d; "
                + "Dom_SX (dual-gold): %,d; no-home: %,d. JBC@100 = %s.", m.queries(), m.domSame(), m.domCross(),
                m.dualGold(), m.noHome(), Numbers.fixed(m.depths().jbc(), 3));
    }
}
