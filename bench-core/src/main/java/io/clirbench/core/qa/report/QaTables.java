package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Aggregate;
import io.clirbench.core.qa.eval.Descriptor;
import io.clirbench.core.qa.eval.QaMeasure;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.stats.F1Interval;
import io.clirbench.core.qa.stats.PairedComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows of the QA tables (per condition with intervals, per script relation, comparisons), shared by console, Markdown
 * and HTML; the columns are the run's {@link QaMeasures} registry's. A system that predicted answers gets every component
 * ({@link QaMeasures#readerColumns}); one that predicted none (evidence selectors without a reader) gets only what
 * selection measures ({@link QaMeasures#selectionColumns}): its answer and joint scores are those of empty answers, a
 * column of zeros that measures nothing. report.json keeps every value.
 */
public final class QaTables {

    /** One column of the per-domain tables: its header and its cell for one domain of one system. */
    record Column(String header, Cell cell) {
    }

    /** The cell of a column: the system's aggregate of the domain, and the run for its intervals. */
    @FunctionalInterface
    interface Cell {
        String of(QaRun run, String system, String domain, Aggregate a);
    }

    /** Header of the comparison table. */
    public static final List<String> COMPARISON_HEADER = List.of("comparison", "F1", "domain", "n", "Δ (macro)", "p", "p (Holm)");

    private QaTables() {
    }

    /**
     * The columns of a system's tables, from the run's registry ({@link QaMeasures#tableColumns}): every component when
     * it predicted answers, else the selection measures; each measure with an interval is followed by it.
     */
    static List<Column> columns(QaRun run, QaResult r) {
        List<Column> columns = new ArrayList<>();
        for (QaMeasure m : run.measures().tableColumns(r.answersPredicted())) {
            columns.add(new Column(m.label(), (q, s, d, a) -> fixed(a.mean(m.key()), m.digits())));
            if (m.interval() != QaMeasure.IntervalKind.NONE) {
                columns.add(new Column("macro [95% CI]", (q, s, d, a) -> interval(q.interval(s, d, m.key()), m.digits())));
            }
        }
        return columns;
    }

    /** Header of a system's per-condition table. */
    public static List<String> conditionHeader(QaRun run, String system) {
        return header("condition", run, run.systems().get(system));
    }

    /** Header of a system's per-script-relation table. */
    public static List<String> scriptHeader(QaRun run, String system) {
        return header("script relation", run, run.systems().get(system));
    }

    private static List<String> header(String first, QaRun run, QaResult r) {
        List<String> header = new ArrayList<>(List.of(first, "n"));
        columns(run, r).forEach(c -> header.add(c.header()));
        return header;
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

    /**
     * The paired tests that compare something measured: every tested component (answer, joint) needs answers, so a
     * test between two systems that predicted none (their F1 all 0) is left out.
     */
    public static List<PairedComparison> shownComparisons(QaRun run) {
        return run.comparisons().stream()
                .filter(c -> run.systems().get(c.first()).answersPredicted() || run.systems().get(c.second()).answersPredicted())
                .toList();
    }

    /** One row per shown paired test ({@link #shownComparisons}). */
    public static List<List<String>> comparisons(QaRun run) {
        List<List<String>> rows = new ArrayList<>();
        for (PairedComparison c : shownComparisons(run)) {
            rows.add(List.of(c.first() + " − " + c.second(), c.component(), c.domain(), Integer.toString(c.n()),
                    String.format(Locale.ROOT, "%+.4f", c.difference()), c.p() == null ? c.noPValueReason() : p(c.p()),
                    c.pHolm() == null ? "" : p(c.pHolm())));
        }
        return rows;
    }

    private static List<String> row(QaRun run, String system, String domain, String label, Aggregate a) {
        List<String> row = new ArrayList<>(List.of(label, Integer.toString(a.n())));
        columns(run, run.systems().get(system)).forEach(c -> row.add(c.cell().of(run, system, domain, a)));
        return row;
    }

    /** {@code 0.523 [0.481, 0.566]}; the reason in brackets when there is no interval; empty without statistics. */
    static String interval(F1Interval i, int digits) {
        if (i == null) {
            return "";
        }
        String point = fixed(i.balanced(), digits);
        if (!i.interval().defined()) {
            return point + " [none]";
        }
        return point + " [" + fixed(i.interval().low(), digits) + ", " + fixed(i.interval().high(), digits) + "]"
                + ("BCa".equals(i.interval().method()) ? "" : "*");
    }

    static String fixed(double v, int digits) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    static String p(double p) {
        return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }

    /** Notes under the tables: what the intervals are and which fell back. */
    public static List<String> notes(QaRun run) {
        List<String> notes = new ArrayList<>(selectionOnly(run));
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
            if (i.interval().note() != null && !"BCa".equals(i.interval().method()) && shown(run, i)) {
                String reason = i.interval().method() + ": " + i.interval().note().replaceAll("\\(\\d+ of \\d+ replicates below the point\\)",
                        "(all replicates on one side of the point, e.g. every value 0 or 1)");
                byReason.computeIfAbsent(reason, k -> new ArrayList<>()).add(i.system() + " " + i.domain() + " " + i.component());
            }
        }
        byReason.forEach((reason, where) -> notes.add(where.size() + " intervals fell back to " + reason + ": " + String.join("; ", where)));
        if (!shownComparisons(run).isEmpty()) {
            notes.add("Tests: paired family sign-flip test on per-example F1 (families = source examples), Holm-adjusted across "
                    + "the conditions of each pair and F1; overall is tested on its own.");
        }
        return notes;
    }

    /** Whether a table shows the interval: whether its measure is a column of the system's tables. */
    private static boolean shown(QaRun run, F1Interval i) {
        return run.measures().tableColumns(run.systems().get(i.system()).answersPredicted()).stream()
                .anyMatch(m -> m.key().equals(i.measure()));
    }

    /**
     * For systems that predicted no answer: what their tables show and, in one line, how to add a reader (README
     * "bench qa run"); nothing when every system predicted answers.
     */
    public static List<String> selectionOnly(QaRun run) {
        List<String> unanswered = new ArrayList<>();
        run.systems().forEach((system, r) -> {
            if (!r.answersPredicted()) {
                unanswered.add(system);
            }
        });
        if (unanswered.isEmpty()) {
            return List.of();
        }
        String who = unanswered.size() == run.systems().size() ? "No system predicted an answer (no reader ran), so the tables "
                + "show selection measures only" : String.join(", ", unanswered) + " predicted no answer (no reader ran), so their "
                + "tables show selection measures only";
        return List.of(who + " (the answer and joint scores of empty answers stay in report.json). " + READER_HINT,
                "Selection measures: support P, R, F1, EM of the predicted supporting facts (METRICS.md §4); answer-para R = "
                        + "share of the answer-bearing paragraphs (those of the gold facts with role answer) among the paragraphs "
                        + "of the predicted facts, mean over the instances that mark one (n/a: none does).");
    }

    /** How to add a reader, as README "bench qa run" documents it. */
    public static final String READER_HINT = "To add a reader: ./bench qa run --dataset DIR --reader NAME, NAME an OpenAI-compatible "
            + "server configured on the gateway as qa.readers.NAME.base-url (README \"bench qa run\").";

    /** Per system the counts line: examples, missing and unexpected predictions. */
    public static String counts(String system, QaResult r, Map<String, String> files) {
        return String.format(Locale.ROOT, "%s (%s): %d examples, %d missing predictions, %d unexpected predictions, protocol %s",
                system, files.get(system), r.count(), r.missing(), r.unexpected(), r.protocol().cliName());
    }
}
