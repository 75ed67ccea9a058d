package io.clirbench.core.agentic.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The aggregates of one run (METRICS.md §5): accuracy, evidence and gold recall, search calls (mean, median,
 * per tool as BrowseComp-Plus's {@code avg_tool_stats}), documents read, citations, calibration error.
 *
 * @param name                  run name
 * @param model                 agent model, {@code null} when unknown
 * @param mode                  the scoring mode
 * @param queries               the accuracy denominator (default: every question; BrowseComp-Plus: run files scored)
 * @param runFiles              scored queries that have a run
 * @param missing               questions without a run
 * @param unexpected            traces that match no question
 * @param skipped               run files skipped
 * @param correct               queries labelled correct
 * @param accuracy              {@code correct / queries}
 * @param evidenceRecall        mean over queries with evidence (and a run); {@code null} when none
 * @param evidenceRecallQueries its n
 * @param goldRecall            mean gold recall, {@code null} when no gold
 * @param searchCallsMean       mean search calls per run file
 * @param searchCallsMedian     median search calls per run file
 * @param avgToolStats          Σ calls of the tool / run files, in first-seen tool order
 * @param documentsReadMean     mean {@code get_document} calls
 * @param withCitations         answers that cite anything
 * @param citationCoverage      {@code withCitations / runFiles}
 * @param citationsPerAnswer    mean cited docids over answers with citations
 * @param citationPrecision     mean precision over answers with citations
 * @param citationRecall        mean recall over answers with citations (default: and evidence)
 * @param calibrationError      in percent; {@code null} when not reported
 * @param calibrationAnswers    answers that entered it
 */
public record RunSummary(String name, String model, ScoringMode mode, int queries, int runFiles, int missing, int unexpected,
                         int skipped, int correct, double accuracy, Double evidenceRecall, int evidenceRecallQueries,
                         Double goldRecall, double searchCallsMean, double searchCallsMedian, Map<String, Double> avgToolStats,
                         double documentsReadMean, int withCitations, double citationCoverage, double citationsPerAnswer,
                         double citationPrecision, double citationRecall, Double calibrationError, int calibrationAnswers) {

    /** Aggregates the scores of a run. */
    public static RunSummary of(RunScores run, ScoringMode mode) {
        List<QueryScore> qs = run.queries();
        int runFiles = 0;
        int correct = 0;
        List<Integer> calls = new ArrayList<>();
        Map<String, Long> toolSums = new LinkedHashMap<>();
        long read = 0;
        for (QueryScore q : qs) {
            correct += q.correct() ? 1 : 0;
            if (q.hasRun()) {
                runFiles++;
                calls.add(q.searchCalls());
                read += q.documentsRead();
                q.toolCalls().forEach((tool, n) -> toolSums.merge(tool, (long) n, Long::sum));
            }
        }
        Map<String, Double> avgTool = new LinkedHashMap<>();
        int files = runFiles;
        toolSums.forEach((tool, sum) -> avgTool.put(tool, files == 0 ? 0.0 : sum / (double) files));
        int[] c = calls.stream().mapToInt(Integer::intValue).toArray();
        double[] er = qs.stream().filter(q -> q.evidenceRecall() != null).mapToDouble(QueryScore::evidenceRecall).toArray();
        double[] gr = qs.stream().filter(q -> q.goldRecall() != null).mapToDouble(QueryScore::goldRecall).toArray();
        List<QueryScore> citing = qs.stream().filter(q -> !q.cited().isEmpty()).toList();
        double citedPer = citing.stream().mapToInt(q -> q.cited().size()).average().orElse(0);
        double precision = citing.stream().mapToDouble(QueryScore::citationPrecision).average().orElse(0);
        double recall = mode == ScoringMode.BCP
                ? citing.stream().mapToDouble(q -> q.citationRecall() == null ? 0 : q.citationRecall()).average().orElse(0)
                : citing.stream().filter(q -> q.citationRecall() != null).mapToDouble(QueryScore::citationRecall).average().orElse(0);
        List<QueryScore> calibrated = qs.stream().filter(q -> q.confidence() != null).toList();
        Double calibration = calibration(calibrated, mode);
        return new RunSummary(run.name(), run.model(), mode, qs.size(), runFiles, qs.size() - runFiles, run.unexpected().size(),
                run.skipped().size(), correct, qs.isEmpty() ? 0 : (double) correct / qs.size(), mean(er), er.length, mean(gr),
                c.length == 0 ? 0 : Arrays.stream(c).average().orElse(0), median(c), avgTool,
                runFiles == 0 ? 0 : read / (double) runFiles, citing.size(),
                runFiles == 0 ? 0 : citing.size() / (double) runFiles, citedPer, precision, recall, calibration, calibrated.size());
    }

    /** The calibration error of the given answers (those with a confidence). */
    static Double calibration(List<QueryScore> answers, ScoringMode mode) {
        double[] conf = answers.stream().mapToDouble(QueryScore::confidence).toArray();
        boolean[] ok = new boolean[answers.size()];
        String[] ids = new String[answers.size()];
        for (int i = 0; i < ok.length; i++) {
            ok[i] = answers.get(i).correct();
            ids[i] = answers.get(i).queryId();
        }
        return Calibration.error(conf, ok, ids, mode);
    }

    static Double mean(double[] values) {
        if (values.length == 0) {
            return null;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
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
