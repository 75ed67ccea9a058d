package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.JudgeSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer-judge tables of an agentic evaluation (METRICS.md §5 "Answer judge"): per run labelled by judgements, the
 * judge model, the prompt hash and how often the judge and the exact-match rule disagree; and the disagreeing answers
 * as examples. Empty (so not shown) when exact match labelled every run.
 */
public final class JudgeTables {

    /** The examples shown per run at most; the JSON report holds them all. */
    public static final int EXAMPLES = 25;

    private JudgeTables() {
    }

    /** One row per run with judgements. */
    public static AgentTables.Table summary(AgentEvaluation e) {
        List<List<String>> rows = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            JudgeSummary j = r.judge();
            if (j == null) {
                continue;
            }
            rows.add(List.of(r.summary().name(), j.judgeModels().isEmpty() ? "-" : String.join(", ", j.judgeModels()),
                    j.promptHashes().isEmpty() ? "-" : String.join(", ", j.promptHashes().stream().map(h -> h.substring(0, Math.min(12, h.length()))).toList()),
                    Integer.toString(j.judged()), Integer.toString(j.unjudged()), Integer.toString(j.withoutJudgement()),
                    Integer.toString(j.disagreementCount()), Integer.toString(j.judgeYesExactNo()), Integer.toString(j.judgeNoExactYes())));
        }
        return new AgentTables.Table(List.of("run", "judge model", "prompt sha256", "judged", "unjudged (wrong)",
                "no judgement (wrong)", "judge ≠ exact match", "judge yes, EM no", "judge no, EM yes"), rows);
    }

    /** The answers on which the judge and exact match disagree, at most {@link #EXAMPLES} per run. */
    public static AgentTables.Table disagreements(AgentEvaluation e) {
        List<List<String>> rows = new ArrayList<>();
        for (AgentRunResult r : e.runs()) {
            if (r.judge() == null) {
                continue;
            }
            for (JudgeSummary.Disagreement d : r.judge().disagreements().stream().limit(EXAMPLES).toList()) {
                rows.add(List.of(r.summary().name(), d.queryId(), d.exactAnswer() == null ? "-" : d.exactAnswer(), d.correctAnswer(),
                        d.judgeCorrect() ? "yes" : "no", d.judgeCorrect() ? "no" : "yes",
                        d.reasoning() == null ? "-" : d.reasoning()));
            }
        }
        return new AgentTables.Table(List.of("run", "query", "exact answer", "correct answer", "judge", "exact match",
                "judge's reasoning"), rows);
    }
}
