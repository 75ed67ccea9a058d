package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.eval.AgentMeasure.Display;
import io.clirbench.core.agentic.eval.AgentMeasure.IntervalKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registry of agentic measures (METRICS.md §5), in report order: a run's {@code summary} in report.json lists them
 * in this order, {@code summary.csv} and the runs table show those that have a column, every pair of runs is compared
 * on those {@link AgentMeasure#compared()}. {@link #STANDARD} is what every agentic report carries;
 * {@link #with(AgentMeasure)} gives a registry with one more (bench-core README, "How to add a measure").
 *
 * @param measures     the measures, keys distinct
 * @param queryColumns the columns of {@code queries.csv} after the run and query id, in order
 */
public record AgentMeasures(List<AgentMeasure> measures, List<AgentQueryColumn> queryColumns) {

    private static final String COUNTS = "METRICS.md §5 (counts of the run)";
    private static final String RECALL = "METRICS.md §5 \"Evidence recall\"";
    private static final String SEARCH = "METRICS.md §5 \"Search calls per query\"";
    private static final String CITATIONS = "METRICS.md §5 \"Citations\"";
    private static final String ACCURACY_SECTION = "METRICS.md §5 \"Accuracy\"";
    private static final String CALIBRATION = "METRICS.md §5 \"Calibration error\"";

    /** Queries labelled correct over the accuracy denominator. */
    public static final AgentMeasure ACCURACY = new AgentMeasure("accuracy", "accuracy", q -> q.correct() ? 1.0 : 0.0,
            (s, m) -> s.queries().isEmpty() ? 0.0 : correct(s) / (double) s.queries().size(), IntervalKind.BCA, Display.of(3),
            "accuracy", true, ACCURACY_SECTION);
    /** Mean evidence recall over queries with evidence (and a run). */
    public static final AgentMeasure EVIDENCE_RECALL = AgentMeasure.mean("evidenceRecall", "evidence recall",
            AgentQueryScore::evidenceRecall, 3, "evidence_recall", RECALL).comparedPairwise();

    /** Every measure of an agentic report, in report.json's order. */
    public static final AgentMeasures STANDARD = new AgentMeasures(List.of(
            count("queries", "queries", s -> s.queries().size(), "queries"),
            count("runFiles", "run files", AgentMeasures::runFiles, "run_files").withoutTableColumn(),
            count("missing", "missing", s -> s.queries().size() - runFiles(s), null).withoutTableColumn(),
            count("unexpected", "unexpected", s -> s.unexpected().size(), null).withoutTableColumn(),
            count("skipped", "skipped", s -> s.skipped().size(), null).withoutTableColumn(),
            count("correct", "correct", AgentMeasures::correct, "correct").withoutTableColumn(),
            ACCURACY,
            EVIDENCE_RECALL,
            count("evidenceRecallQueries", "evidence recall queries",
                    s -> AgentMeasure.values(s.queries(), AgentQueryScore::evidenceRecall).length, null).withoutTableColumn(),
            new AgentMeasure("goldRecall", "gold recall", null,
                    (s, m) -> AgentMeasure.mean(AgentMeasure.values(s.queries(), AgentQueryScore::goldRecall)), IntervalKind.NONE,
                    Display.of(3), "gold_recall", false, RECALL),
            plain("searchCallsMean", "search calls", (s, m) -> withRun(s).stream().mapToInt(AgentQueryScore::searchCalls)
                    .average().orElse(0), 2, "search_calls_mean", SEARCH),
            plain("searchCallsMedian", "median calls",
                    (s, m) -> median(withRun(s).stream().mapToInt(AgentQueryScore::searchCalls).toArray()), 1,
                    "search_calls_median", SEARCH),
            new AgentMeasure("avgToolStats", "calls per tool", null, (s, m) -> avgToolStats(s), IntervalKind.NONE, null, null,
                    false, SEARCH),
            plain("documentsReadMean", "docs read", (s, m) -> perRunFile(s, withRun(s).stream()
                    .mapToLong(AgentQueryScore::documentsRead).sum()), 2, "documents_read_mean", SEARCH),
            count("withCitations", "answers with citations", s -> citing(s).size(), null).withoutTableColumn(),
            plain("citationCoverage", "cite coverage", (s, m) -> perRunFile(s, citing(s).size()), 3, "citation_coverage",
                    CITATIONS),
            new AgentMeasure("citationsPerAnswer", "citations per answer", null,
                    (s, m) -> citing(s).stream().mapToInt(q -> q.cited().size()).average().orElse(0), IntervalKind.NONE, null,
                    null, false, CITATIONS),
            plain("citationPrecision", "cite precision", (s, m) -> citing(s).stream()
                    .mapToDouble(AgentQueryScore::citationPrecision).average().orElse(0), 3, "citation_precision", CITATIONS),
            plain("citationRecall", "cite recall", AgentMeasures::citationRecall, 3, "citation_recall", CITATIONS),
            new AgentMeasure("calibrationError", "calibration %", null, (s, m) -> RunSummary.calibration(confident(s), m),
                    IntervalKind.NONE, new Display(2, "n/a (<100)"), "calibration_error", false, CALIBRATION),
            count("calibrationAnswers", "calibration answers", s -> confident(s).size(), null).withoutTableColumn()),
            List.of(new AgentQueryColumn("evidence_language", q -> q.language() == null ? "" : q.language()),
                    new AgentQueryColumn("has_run", q -> Boolean.toString(q.hasRun())),
                    new AgentQueryColumn("answered", q -> Boolean.toString(q.answered())),
                    new AgentQueryColumn("correct", q -> Boolean.toString(q.correct())),
                    AgentQueryColumn.of(EVIDENCE_RECALL),
                    AgentQueryColumn.number("gold_recall", AgentQueryScore::goldRecall),
                    new AgentQueryColumn("search_calls", q -> Integer.toString(q.searchCalls())),
                    new AgentQueryColumn("documents_read", q -> Integer.toString(q.documentsRead())),
                    AgentQueryColumn.number("confidence", AgentQueryScore::confidence),
                    new AgentQueryColumn("cited", q -> String.join(" ", q.cited())),
                    AgentQueryColumn.number("citation_precision", AgentQueryScore::citationPrecision),
                    AgentQueryColumn.number("citation_recall", AgentQueryScore::citationRecall)));

    public AgentMeasures {
        measures = List.copyOf(measures);
        queryColumns = List.copyOf(queryColumns);
        Set<String> keys = new LinkedHashSet<>();
        for (AgentMeasure m : measures) {
            if (!keys.add(m.key())) {
                throw new IllegalArgumentException("agentic measure key '" + m.key() + "' is registered twice");
            }
        }
    }

    /**
     * This registry with {@code measure} added last; with a per-query value and a CSV column it is also the last column
     * of {@code queries.csv}.
     */
    public AgentMeasures with(AgentMeasure measure) {
        List<AgentMeasure> all = new ArrayList<>(measures);
        all.add(measure);
        List<AgentQueryColumn> columns = new ArrayList<>(queryColumns);
        if (measure.perQuery() != null && measure.csvColumn() != null) {
            columns.add(AgentQueryColumn.of(measure));
        }
        return new AgentMeasures(all, columns);
    }

    /** The measures with a column in the runs table. */
    public List<AgentMeasure> tableColumns() {
        return measures.stream().filter(m -> m.table() != null).toList();
    }

    /** The measures with a {@code summary.csv} column. */
    public List<AgentMeasure> csvColumns() {
        return measures.stream().filter(m -> m.csvColumn() != null).toList();
    }

    /** The measures with an interval. */
    public List<AgentMeasure> withIntervals() {
        return measures.stream().filter(m -> m.interval() != IntervalKind.NONE).toList();
    }

    /** The measures every pair of runs is compared on. */
    public List<AgentMeasure> compared() {
        return measures.stream().filter(AgentMeasure::compared).toList();
    }

    /** Every measure's value for a run, by key, in registry order. */
    public Map<String, Object> values(RunScores scores, ScoringMode mode) {
        Map<String, Object> values = new LinkedHashMap<>();
        measures.forEach(m -> values.put(m.key(), m.valueOf(scores, mode)));
        return values;
    }

    private static AgentMeasure count(String key, String label, java.util.function.ToIntFunction<RunScores> count, String csv) {
        return new AgentMeasure(key, label, null, (s, m) -> count.applyAsInt(s), IntervalKind.NONE, Display.of(0), csv, false,
                COUNTS);
    }

    private static AgentMeasure plain(String key, String label, AgentMeasure.Aggregation value, int digits, String csv,
                                      String section) {
        return new AgentMeasure(key, label, null, value, IntervalKind.NONE, Display.of(digits), csv, false, section);
    }

    private static List<AgentQueryScore> withRun(RunScores s) {
        return s.queries().stream().filter(AgentQueryScore::hasRun).toList();
    }

    private static int runFiles(RunScores s) {
        return withRun(s).size();
    }

    private static int correct(RunScores s) {
        return (int) s.queries().stream().filter(AgentQueryScore::correct).count();
    }

    private static List<AgentQueryScore> citing(RunScores s) {
        return s.queries().stream().filter(q -> !q.cited().isEmpty()).toList();
    }

    private static List<AgentQueryScore> confident(RunScores s) {
        return s.queries().stream().filter(q -> q.confidence() != null).toList();
    }

    /** {@code n / run files}, 0 without run files. */
    private static double perRunFile(RunScores s, long n) {
        int files = runFiles(s);
        return files == 0 ? 0 : n / (double) files;
    }

    /** Σ calls of the tool / run files, in first-seen tool order (BrowseComp-Plus's {@code avg_tool_stats}). */
    private static Map<String, Double> avgToolStats(RunScores s) {
        Map<String, Long> sums = new LinkedHashMap<>();
        withRun(s).forEach(q -> q.toolCalls().forEach((tool, n) -> sums.merge(tool, (long) n, Long::sum)));
        Map<String, Double> avg = new LinkedHashMap<>();
        sums.forEach((tool, sum) -> avg.put(tool, perRunFile(s, sum)));
        return avg;
    }

    /** Mean over answers with citations; BrowseComp-Plus counts an answer without evidence as 0, the default leaves it out. */
    private static double citationRecall(RunScores s, ScoringMode mode) {
        List<AgentQueryScore> citing = citing(s);
        return mode == ScoringMode.BCP
                ? citing.stream().mapToDouble(q -> q.citationRecall() == null ? 0 : q.citationRecall()).average().orElse(0)
                : citing.stream().filter(q -> q.citationRecall() != null).mapToDouble(AgentQueryScore::citationRecall)
                        .average().orElse(0);
    }

    static double median(int[] values) {
        if (values.length == 0) {
            return 0;
        }
        int[] s = values.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2.0;
    }
}
