package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Interval;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything reported about one run.
 *
 * @param configuration the corpus configuration it ran on, {@code null} corpus-less
 * @param scores        per-query scores
 * @param summary       aggregates
 * @param intervals     the 95% BCa interval of each measure that has one, by {@link AgentMeasure#key()}
 * @param byLanguage    per evidence language, sorted by code
 * @param byGroup       per resource group the task declares
 * @param judge         the judgements beside exact match, {@code null} when exact match labelled the answers
 */
public record AgentRunResult(String configuration, RunScores scores, RunSummary summary, Map<String, Interval> intervals,
                             List<LanguageRow> byLanguage, List<LanguageRow> byGroup, JudgeSummary judge) {

    public AgentRunResult {
        intervals = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(intervals));
    }

    /** The interval of a measure, {@code null} when it has none. */
    public Interval interval(AgentMeasure measure) {
        return intervals.get(measure.key());
    }

    /** 95% BCa interval of the accuracy. */
    public Interval accuracyInterval() {
        return interval(AgentMeasures.ACCURACY);
    }

    /** 95% BCa interval of the evidence recall. */
    public Interval recallInterval() {
        return interval(AgentMeasures.EVIDENCE_RECALL);
    }
}
