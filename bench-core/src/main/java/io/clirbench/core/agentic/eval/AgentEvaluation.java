package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.stats.Holm;
import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.SignFlipPermutation;
import io.clirbench.core.stats.Stats;
import io.clirbench.core.stats.WilsonInterval;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * An evaluation of one or more runs (METRICS.md §5): per run the summary with intervals, the per-language and
 * per-group rows, and the paired comparisons of every pair of runs (accuracy and evidence recall), Holm-adjusted
 * across all of them.
 *
 * @param task               task id, or {@code null} corpus-less
 * @param mode               the scoring mode
 * @param corpusLess         whether no corpus was at hand (citations then follow the BrowseComp-Plus rule)
 * @param citationRule       how cited ids were found, in words
 * @param calibrationVariant which calibration error is reported
 * @param bootstrap          resamples and sign-flip patterns (0: no statistics)
 * @param seed               their seed
 * @param measures           the measures of the runs' summaries, tables and CSV, and those compared
 * @param runs               the runs
 * @param comparisons        the paired comparisons
 */
public record AgentEvaluation(String task, ScoringMode mode, boolean corpusLess, String citationRule, String calibrationVariant,
                              int bootstrap, long seed, AgentMeasures measures, List<AgentRunResult> runs, List<Comparison> comparisons) {

    /** One run with the benchmark (configuration) it is scored against. */
    public record Input(AgentBenchmark benchmark, AgentRun run) {
    }

    /**
     * Scores and aggregates every input: {@code bench agent eval} and the eval-service both evaluate here.
     * {@code corpusIds} is the task corpus (null corpus-less).
     */
    public static AgentEvaluation evaluate(String task, List<Input> inputs, ScoringMode mode, Set<String> corpusIds, Stats stats) {
        return evaluate(task, inputs, mode, corpusIds, stats, false);
    }

    /**
     * As {@link #evaluate(String, List, ScoringMode, Set, Stats)}; with {@code xbcp} ({@code --compat xbcp}: the
     * BrowseComp-Plus mode) each evidence language's and group's calibration is XBCP's variant
     * ({@link Calibration#xbcpLanguage}; {@code null} where it is NaN).
     */
    public static AgentEvaluation evaluate(String task, List<Input> inputs, ScoringMode mode, Set<String> corpusIds, Stats stats,
                                           boolean xbcp) {
        return evaluate(task, inputs, mode, corpusIds, stats, xbcp, AgentMeasures.STANDARD);
    }

    /** As {@link #evaluate(String, List, ScoringMode, Set, Stats, boolean)} on the measures of a registry. */
    public static AgentEvaluation evaluate(String task, List<Input> inputs, ScoringMode mode, Set<String> corpusIds, Stats stats,
                                           boolean xbcp, AgentMeasures measures) {
        int bootstrap = stats.bootstrap();
        long seed = stats.seed();
        List<AgentRunResult> runs = new ArrayList<>();
        boolean corpusLess = inputs.isEmpty() || !inputs.get(0).benchmark().hasCorpus();
        for (Input in : inputs) {
            RunScores scores = AgentScorer.score(in.benchmark(), in.run(), mode, corpusIds);
            runs.add(result(in.benchmark(), scores, mode, bootstrap, seed, xbcp, measures));
        }
        String citation = mode == ScoringMode.BCP || corpusLess
                ? "BrowseComp-Plus rule: every digit run inside [...] or 【...】" + (corpusLess && mode == ScoringMode.DEFAULT
                ? " (no corpus at hand, so the corpus-checked rule cannot apply)" : "")
                : "corpus-checked: bracketed tokens that are docids of the task corpus";
        String calibration = Calibration.label(mode) + (xbcp ? "; per evidence language: XBCP 16_eval_per_language.py"
                + " (beta = min(100, max(n // 3, 2)), every bin, NaN below " + Calibration.XBCP_MIN_PER_LANGUAGE
                + " answers with a confidence)" : "");
        return new AgentEvaluation(task, mode, corpusLess, citation, calibration, bootstrap, seed, measures, runs,
                comparisons(runs, measures, bootstrap, seed));
    }

    private static AgentRunResult result(AgentBenchmark b, RunScores scores, ScoringMode mode, int bootstrap, long seed,
                                         boolean xbcp, AgentMeasures measures) {
        RunSummary summary = RunSummary.of(scores, mode, measures);
        List<AgentQueryScore> qs = scores.queries();
        Map<String, Interval> intervals = new java.util.LinkedHashMap<>();
        for (AgentMeasure m : measures.withIntervals()) {
            List<AgentQueryScore> with = qs.stream().filter(q -> m.perQuery().apply(q) != null).toList();
            intervals.put(m.key(), AgentUncertainty.meanInterval(AgentMeasure.values(with, m.perQuery()),
                    with.stream().map(AgentQueryScore::queryId).toList(), bootstrap, seed));
        }
        Map<String, List<AgentQueryScore>> byLang = new TreeMap<>();
        qs.stream().filter(q -> q.language() != null).forEach(q -> byLang.computeIfAbsent(q.language(), l -> new ArrayList<>()).add(q));
        List<LanguageRow> languages = new ArrayList<>();
        byLang.forEach((l, list) -> languages.add(row(l, list, mode, bootstrap, seed, xbcp)));
        List<LanguageRow> groups = new ArrayList<>();
        b.resourceGroups().forEach((group, langs) -> {
            List<AgentQueryScore> list = qs.stream().filter(q -> q.language() != null && langs.contains(q.language())).toList();
            if (!list.isEmpty()) {
                groups.add(row(group, list, mode, bootstrap, seed, xbcp));
            }
        });
        return new AgentRunResult(b.configuration(), scores, summary, intervals, languages, groups, JudgeSummary.of(b, scores, mode));
    }

    private static LanguageRow row(String name, List<AgentQueryScore> qs, ScoringMode mode, int bootstrap, long seed, boolean xbcp) {
        int correct = (int) qs.stream().filter(AgentQueryScore::correct).count();
        List<AgentQueryScore> withRecall = qs.stream().filter(q -> q.evidenceRecall() != null).toList();
        double[] recall = withRecall.stream().mapToDouble(AgentQueryScore::evidenceRecall).toArray();
        Interval ri = AgentUncertainty.meanInterval(recall, withRecall.stream().map(AgentQueryScore::queryId).toList(), bootstrap, seed);
        double calls = qs.stream().filter(AgentQueryScore::hasRun).mapToInt(AgentQueryScore::searchCalls).average().orElse(0);
        List<AgentQueryScore> confident = qs.stream().filter(q -> q.confidence() != null).toList();
        Double calibration = mode == ScoringMode.DEFAULT ? RunSummary.calibration(confident, ScoringMode.DEFAULT) : null;
        if (xbcp) {
            double x = Calibration.xbcpLanguage(confident.stream().mapToDouble(AgentQueryScore::confidence).toArray(),
                    booleans(confident), confident.stream().map(AgentQueryScore::queryId).toArray(String[]::new));
            calibration = Double.isNaN(x) ? null : x;
        }
        return new LanguageRow(name, qs.size(), correct, (double) correct / qs.size(), WilsonInterval.of95(correct, qs.size()),
                RunSummary.mean(recall), ri, calls, calibration);
    }

    private static boolean[] booleans(List<AgentQueryScore> qs) {
        boolean[] out = new boolean[qs.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = qs.get(i).correct();
        }
        return out;
    }

    private static List<Comparison> comparisons(List<AgentRunResult> runs, AgentMeasures measures, int bootstrap, long seed) {
        List<Comparison> raw = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                for (AgentMeasure m : measures.compared()) {
                    raw.add(compare(m, runs.get(i), runs.get(j), bootstrap, seed));
                }
            }
        }
        double[] p = raw.stream().mapToDouble(c -> c.p() == null ? Double.NaN : c.p()).toArray();
        double[] holm = Holm.adjust(p);
        List<Comparison> out = new ArrayList<>();
        for (int k = 0; k < raw.size(); k++) {
            Comparison c = raw.get(k);
            out.add(new Comparison(c.metric(), c.a(), c.b(), c.paired(), c.difference(), c.p(),
                    Double.isNaN(holm[k]) ? null : holm[k], c.note()));
        }
        return out;
    }

    private static Comparison compare(AgentMeasure measure, AgentRunResult a, AgentRunResult b, int bootstrap, long seed) {
        String metric = measure.label();
        Map<String, Double> bValues = new HashMap<>();
        for (AgentQueryScore q : b.scores().queries()) {
            Double v = measure.perQuery().apply(q);
            if (v != null) {
                bValues.put(q.queryId(), v);
            }
        }
        List<String> ids = new ArrayList<>();
        List<Double> diffs = new ArrayList<>();
        for (AgentQueryScore q : a.scores().queries()) {
            Double v = measure.perQuery().apply(q);
            if (v != null && bValues.containsKey(q.queryId())) {
                ids.add(q.queryId());
                diffs.add(v - bValues.get(q.queryId()));
            }
        }
        String an = a.summary().name();
        String bn = b.summary().name();
        if (ids.isEmpty()) {
            return new Comparison(metric, an, bn, 0, Double.NaN, null, null, "no common queries");
        }
        double[] d = diffs.stream().mapToDouble(Double::doubleValue).toArray();
        if (bootstrap == 0) {
            return new Comparison(metric, an, bn, d.length, java.util.Arrays.stream(d).average().orElse(0), null, null,
                    "statistics turned off (--bootstrap 0)");
        }
        SignFlipPermutation.Result r = AgentUncertainty.paired(d, ids, bootstrap, seed);
        return new Comparison(metric, an, bn, r.paired(), r.statistic(), r.p(), null, r.noPValueReason());
    }
}
