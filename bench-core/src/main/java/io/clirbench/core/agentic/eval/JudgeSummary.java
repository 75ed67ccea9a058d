package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.format.BcpJudgeResponse;
import io.clirbench.core.agentic.judge.JudgeVerdict;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.Judgement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a run's judgements say beside the exact-match rule (METRICS.md §5 "Answer judge"): the judge models and prompt
 * hashes the judgement files name, how many answers the judge labelled, how many it left unjudged (counted wrong in
 * accuracy) or has no judgement for, and the answers on which its label and the exact-match rule disagree, in both
 * directions, with each such answer as an example. Only answered queries count (an unfinished run is never judged).
 *
 * @param judgeModels       the judge models named, sorted (empty when the files name none)
 * @param promptHashes      the prompt SHA-256s named, sorted
 * @param judged            answers with a verdict
 * @param unjudged          answers whose judgement has no verdict (a malformed reply): counted wrong
 * @param withoutJudgement  answers with no judgement at all: counted wrong
 * @param judgeYesExactNo   answers the judge calls correct and exact match wrong
 * @param judgeNoExactYes   answers the judge calls wrong and exact match correct
 * @param disagreements     the answers of the two counts above, by query id
 */
public record JudgeSummary(List<String> judgeModels, List<String> promptHashes, int judged, int unjudged, int withoutJudgement,
                           int judgeYesExactNo, int judgeNoExactYes, List<Disagreement> disagreements) {

    /**
     * One answer on which the judge and exact match disagree.
     *
     * @param queryId       the query
     * @param exactAnswer   the answer's Exact Answer line ({@code null} when none)
     * @param correctAnswer the reference answer
     * @param judgeCorrect  the judge's label (exact match says the opposite)
     * @param judgeAnswer   the answer the judge extracted, {@code null} when its reply has none
     * @param reasoning     the judge's reasoning, {@code null} when its reply has none
     */
    public record Disagreement(String queryId, String exactAnswer, String correctAnswer, boolean judgeCorrect, String judgeAnswer,
                               String reasoning) {
    }

    /** Answers on which the judge and exact match disagree. */
    public int disagreementCount() {
        return judgeYesExactNo + judgeNoExactYes;
    }

    /** The summary of a run's scores against its judgements; {@code null} when the benchmark has none (exact match). */
    public static JudgeSummary of(AgentBenchmark b, RunScores scores, ScoringMode mode) {
        if (b.judgements() == null) {
            return null;
        }
        Map<String, String> answers = new HashMap<>();
        for (GroundTruth q : b.questions()) {
            answers.put(q.queryId(), q.answer());
        }
        TreeSet<String> models = new TreeSet<>();
        TreeSet<String> hashes = new TreeSet<>();
        int judged = 0;
        int unjudged = 0;
        int without = 0;
        int yesNo = 0;
        int noYes = 0;
        List<Disagreement> examples = new ArrayList<>();
        for (AgentQueryScore q : scores.queries()) {
            if (!q.answered()) {
                continue;
            }
            Judgement j = b.judgements().get(q.queryId());
            if (j == null) {
                without++;
                continue;
            }
            if (j.judgeModel() != null) {
                models.add(j.judgeModel());
            }
            if (j.promptSha256() != null) {
                hashes.add(j.promptSha256());
            }
            Boolean label = mode == ScoringMode.BCP && j.judgeResponse() != null ? BcpJudgeResponse.parse(j.judgeResponse()).correct()
                    : j.correct();
            if (label == null) {
                unjudged++;
                continue;
            }
            judged++;
            String gold = answers.get(q.queryId());
            boolean exact = ExactMatch.matches(q.exactAnswer(), gold);
            if (label != exact) {
                if (label) {
                    yesNo++;
                } else {
                    noYes++;
                }
                JudgeVerdict v = JudgeVerdict.fields(j.judgeResponse());
                examples.add(new Disagreement(q.queryId(), q.exactAnswer(), gold, label, v.extractedFinalAnswer(), v.reasoning()));
            }
        }
        examples.sort(java.util.Comparator.comparing(Disagreement::queryId));
        return new JudgeSummary(List.copyOf(models), List.copyOf(hashes), judged, unjudged, without, yesNo, noYes, List.copyOf(examples));
    }
}
