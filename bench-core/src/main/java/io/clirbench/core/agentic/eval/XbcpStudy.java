package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Interval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code bench agent compare} reports over the runs of one agent on a task (METRICS.md §5): per run its
 * configuration, setting ({@code search} or an oracle variant) and agent settings (reasoning effort, ...) with accuracy,
 * evidence recall and search calls; the comparison across configurations (search runs) or along a setting axis; the
 * oracle decomposition; the citation error analysis and the language-resource groups of every run.
 *
 * @param task          the task id
 * @param axis          the run setting compared along ({@code null}: configurations)
 * @param runs          one row per run, in run order
 * @param comparison    the paired comparison to the reference, {@code null} when the runs give none (see note)
 * @param note          why there is no comparison, or {@code null}
 * @param decomposition the oracle decomposition (no rows without an ORACLE run)
 * @param citations     per run
 * @param groups        per run (empty groups when the task declares none)
 */
public record XbcpStudy(String task, String axis, List<RunRow> runs, ConfigurationComparison comparison, String note,
                        OracleDecomposition decomposition, List<CitationErrors> citations, List<ResourceGroups> groups) {

    /**
     * One run.
     *
     * @param run              the run name
     * @param configuration    its configuration
     * @param setting          {@code search} or the oracle variant
     * @param settings         the agent settings its files record (reasoning effort, ...), name → value
     * @param queries          scored queries
     * @param accuracy         accuracy
     * @param accuracyCi       its 95% BCa interval
     * @param evidenceRecall   mean evidence recall ({@code null} when none)
     * @param recallCi         its interval
     * @param searchCalls      mean search calls over queries with a run ({@code null} when none)
     * @param searchCallsCi    its interval
     */
    public record RunRow(String run, String configuration, String setting, Map<String, String> settings, int queries,
                         double accuracy, Interval accuracyCi, Double evidenceRecall, Interval recallCi, Double searchCalls,
                         Interval searchCallsCi) {
    }

    /** The row of a run ({@code settings}: what its files record). */
    public static RunRow row(AgentRunResult r, String setting, Map<String, String> settings, int bootstrap, long seed) {
        List<AgentQueryScore> withRun = r.scores().queries().stream().filter(AgentQueryScore::hasRun).toList();
        double[] calls = withRun.stream().mapToDouble(AgentQueryScore::searchCalls).toArray();
        List<String> ids = new ArrayList<>(withRun.stream().map(AgentQueryScore::queryId).toList());
        return new RunRow(r.summary().name(), r.configuration(), setting, new LinkedHashMap<>(settings), r.summary().queries(),
                r.summary().accuracy(), r.accuracyInterval(), r.summary().evidenceRecall(), r.recallInterval(), RunSummary.mean(calls),
                AgentUncertainty.meanInterval(calls, ids, bootstrap, seed));
    }

    /**
     * The study of {@code evaluation}'s runs (run i scored against {@code benchmarks.get(i)}, its files recording
     * {@code settings.get(i)}). {@code axis}: {@code null} compares the search runs across configurations (one of them
     * {@code original}; where they give no comparison but oracle runs are present, the note says why, else it is an
     * error); else every run along that setting, against the run whose value is {@code reference} (null: the first run's).
     */
    public static XbcpStudy of(AgentEvaluation evaluation, List<AgentBenchmark> benchmarks, List<RunSettings> settings, String axis,
                               String reference, Map<String, List<String>> declaredGroups) {
        Map<String, List<String>> resourceGroups = new java.util.LinkedHashMap<>(); // by language identity, as evidence languages
        declaredGroups.forEach((g, langs) -> resourceGroups.put(g, langs.stream().map(io.clirbench.core.model.LanguageTag::identityOf).toList()));
        List<AgentRunResult> results = evaluation.runs();
        int b = evaluation.bootstrap();
        long seed = evaluation.seed();
        List<RunRow> rows = new ArrayList<>();
        List<CitationErrors> citations = new ArrayList<>();
        List<ResourceGroups> groups = new ArrayList<>();
        List<OracleDecomposition.Run> decompositionRuns = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            AgentRunResult r = results.get(i);
            RunSettings s = settings.get(i);
            RunRow row = row(r, s.setting(), s.settings(), b, seed);
            if (s.oracle()) { // an oracle run searched nothing: its evidence recall is no measurement
                row = new RunRow(row.run(), row.configuration(), row.setting(), row.settings(), row.queries(), row.accuracy(),
                        row.accuracyCi(), null, Interval.none("an oracle setting searches nothing"), row.searchCalls(), row.searchCallsCi());
            }
            rows.add(row);
            citations.add(CitationErrors.of(benchmarks.get(i), r.scores(), s.setting(), s.oracle()));
            groups.add(ResourceGroups.of(r.scores(), resourceGroups, b, seed, s.oracle()));
            decompositionRuns.add(new OracleDecomposition.Run(r, r.configuration(), s.setting()));
        }
        boolean anyOracle = settings.stream().anyMatch(RunSettings::oracle);
        ConfigurationComparison comparison = null;
        String note = null;
        if (axis != null) {
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                String v = settings.get(i).value(axis, results.get(i).configuration());
                if (v == null) {
                    throw new IllegalArgumentException("run '" + results.get(i).summary().name() + "' records no '" + axis
                            + "' (its files' metadata); every run needs one to be compared along it");
                }
                labels.add(v);
            }
            comparison = ConfigurationComparison.of(evaluation, labels, reference == null ? labels.get(0) : reference, axis);
        } else {
            List<AgentRunResult> search = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                if (!settings.get(i).oracle()) {
                    search.add(results.get(i));
                }
            }
            AgentEvaluation searchOnly = new AgentEvaluation(evaluation.task(), evaluation.mode(), evaluation.corpusLess(),
                    evaluation.citationRule(), evaluation.calibrationVariant(), b, seed, evaluation.measures(), search, List.of());
            try {
                comparison = ConfigurationComparison.of(searchOnly);
            } catch (IllegalArgumentException e) {
                if (!anyOracle) {
                    throw e;
                }
                note = "no comparison across configurations: " + e.getMessage();
            }
        }
        OracleDecomposition decomposition = anyOracle ? OracleDecomposition.of(decompositionRuns, b, seed)
                : new OracleDecomposition(b, seed, List.of());
        return new XbcpStudy(evaluation.task(), axis, rows, comparison, note, decomposition, citations, groups);
    }
}
