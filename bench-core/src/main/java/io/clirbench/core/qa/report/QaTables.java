package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Aggregate;
import io.clirbench.core.qa.eval.Descriptor;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.stats.F1Interval;
import io.clirbench.core.qa.stats.PairedComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The rows of the QA tables (per condition with intervals, per script relation, comparisons), shared by console, Markdown and HTML. */
public final class QaTables {

    /** Header of the per-condition table. */
    public static final List<String> CONDITION_HEADER = List.of("condition", "n", "answer F1", "macro [95% CI]", "support F1",
            "macro [95% CI]", "joint F1", "macro [95% CI]", "joint EM");
    /** Header of the per-script-relation table. */
    public static final List<String> SCRIPT_HEADER = List.of("script relation", "n", "answer F1", "macro [95% CI]", "support F1",
            "macro [95% CI]", "joint F1", "macro [95% CI]", "joint EM");
    /** Header of the comparison table. */
    public static final List<String> COMPARISON_HEADER = List.of("comparison", "F1", "domain", "n", "Δ (macro)", "p", "p (Holm)");

    private QaTables() {
    }

    /** One row per domain: overall, then each condition present (paper order). */
    public static List<List<String>> conditions(QaRun run, String system) {
        QaResult r = run.systems().get(system);
        List<List<String>> rows = new ArrayList<>();
        rows.add(row(run, system, "overall", "overall", r.overall()));
        for (String condition : Descriptor.CONDITIONS) {
            Aggregate a = r.byCondition().get(condition);
            if (a != null) {
                String label = Descriptor.SHORT.containsKey(condition) ? Descriptor.SHORT.get(condition) + " " + condition : condition;
                rows.add(row(run, system, condition, label, a));
            }
        }
        return rows;
    }

    /** One row per script relation present. */
    public static List<List<String>> scriptRelations(QaRun run, String system) {
        List<List<String>> rows = new ArrayList<>();
        run.systems().get(system).byScriptRelation().forEach((relation, a) -> rows.add(row(run, system, relation, relation, a)));
        return rows;
    }

    /** One row per paired test. */
    public static List<List<String>> comparisons(QaRun run) {
        List<List<String>> rows = new ArrayList<>();
        for (PairedComparison c : run.comparisons()) {
            rows.add(List.of(c.first() + " − " + c.second(), c.component(), c.domain(), Integer.toString(c.n()),
                    String.format(Locale.ROOT, "%+.4f", c.difference()), c.p() == null ? c.noPValueReason() : p(c.p()),
                    c.pHolm() == null ? "" : p(c.pHolm())));
        }
        return rows;
    }

    private static List<String> row(QaRun run, String system, String domain, String label, Aggregate a) {
        List<String> row = new ArrayList<>(List.of(label, Integer.toString(a.n())));
        for (int c = 0; c < 3; c++) {
            row.add(fixed(a.mean(c, 3)));
            row.add(interval(run.interval(system, domain, List.of("answer", "support", "joint").get(c))));
        }
        row.add(fixed(a.mean(2, 0)));
        return row;
    }

    /** {@code 0.523 [0.481, 0.566]}; the reason in brackets when there is no interval; empty without statistics. */
    static String interval(F1Interval i) {
        if (i == null) {
            return "";
        }
        String point = fixed(i.balanced());
        if (!i.interval().defined()) {
            return point + " [none]";
        }
        return point + " [" + fixed(i.interval().low()) + ", " + fixed(i.interval().high()) + "]"
                + ("BCa".equals(i.interval().method()) ? "" : "*");
    }

    static String fixed(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.4f", v);
    }

    static String p(double p) {
        return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }

    /** Notes under the tables: what the intervals are and which fell back. */
    public static List<String> notes(QaRun run) {
        List<String> notes = new ArrayList<>();
        if (run.statistics() == null) {
            notes.add("Intervals and tests are off (--bootstrap 0).");
            return notes;
        }
        notes.add(String.format(Locale.ROOT, "Intervals: 95%% BCa of the language-balanced (macro) F1 over question languages, clustered "
                + "bootstrap with the question language as stratum and the source example as cluster (METRICS.md §4, §3), "
                + "B = %d, seed %d; it equals the pooled F1 when every language has the same number of examples. "
                + "* = percentile fallback.", run.replicates(), run.seed()));
        // one line per reason, naming every interval it applies to (constant values make many of them)
        Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
        for (F1Interval i : run.statistics().intervals()) {
            if (i.interval().note() != null && !"BCa".equals(i.interval().method())) {
                String reason = i.interval().method() + ": " + i.interval().note().replaceAll("\\(\\d+ of \\d+ replicates below the point\\)",
                        "(all replicates on one side of the point, e.g. every value 0 or 1)");
                byReason.computeIfAbsent(reason, k -> new ArrayList<>()).add(i.system() + " " + i.domain() + " " + i.component());
            }
        }
        byReason.forEach((reason, where) -> notes.add(where.size() + " intervals fell back to " + reason + ": " + String.join("; ", where)));
        if (!run.comparisons().isEmpty()) {
            notes.add("Tests: paired family sign-flip test on per-example F1 (families = source examples), Holm-adjusted across "
                    + "the conditions of each pair and F1; overall is tested on its own.");
        }
        return notes;
    }

    /** Per system the counts line: examples, missing and unexpected predictions. */
    public static String counts(String system, QaResult r, Map<String, String> files) {
        return String.format(Locale.ROOT, "%s (%s): %d examples, %d missing predictions, %d unexpected predictions, protocol %s",
                system, files.get(system), r.count(), r.missing(), r.unexpected(), r.protocol().cliName());
    }
}
