package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Interval;
import java.util.List;

/**
 * Everything reported about one run.
 *
 * @param configuration    the corpus configuration it ran on, {@code null} corpus-less
 * @param scores           per-query scores
 * @param summary          aggregates
 * @param accuracyInterval 95% BCa interval of the accuracy
 * @param recallInterval   95% BCa interval of the evidence recall
 * @param byLanguage       per evidence language, sorted by code
 * @param byGroup          per resource group the task declares
 * @param judge            the judgements beside exact match, {@code null} when exact match labelled the answers
 */
public record AgentRunResult(String configuration, RunScores scores, RunSummary summary, Interval accuracyInterval,
                             Interval recallInterval, List<LanguageRow> byLanguage, List<LanguageRow> byGroup,
                             JudgeSummary judge) {

    /** A run labelled by exact match (no judge). */
    public AgentRunResult(String configuration, RunScores scores, RunSummary summary, Interval accuracyInterval,
                          Interval recallInterval, List<LanguageRow> byLanguage, List<LanguageRow> byGroup) {
        this(configuration, scores, summary, accuracyInterval, recallInterval, byLanguage, byGroup, null);
    }
}
