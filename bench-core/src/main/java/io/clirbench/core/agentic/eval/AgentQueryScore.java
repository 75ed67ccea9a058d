package io.clirbench.core.agentic.eval;

import java.util.List;
import java.util.Map;

/**
 * The scores of one query of one run (METRICS.md §5).
 *
 * @param queryId           the query id
 * @param language          the evidence language ({@code null} when unknown)
 * @param hasRun            whether the run has a trace for it
 * @param answered          whether the agent finished with a final answer
 * @param evidenceRecall    evidence recall; {@code null} without evidence or without a run
 * @param goldRecall        gold recall; {@code null} without gold or without a run
 * @param searchCalls       calls of search tools
 * @param documentsRead     {@code get_document} calls
 * @param toolCalls         calls per tool
 * @param exactAnswer       the Exact Answer line, {@code null} when none
 * @param confidence        the confidence used for calibration; {@code null} when the answer does not enter it
 * @param correct           the correctness label (false when unlabelled or unanswered)
 * @param cited             the cited docids (empty when none)
 * @param citationPrecision {@code |cited ∩ evidence| / |cited|}, {@code null} without citations
 * @param citationRecall    {@code |cited ∩ evidence| / |evidence|}, {@code null} without citations or evidence
 */
public record AgentQueryScore(String queryId, String language, boolean hasRun, boolean answered, Double evidenceRecall,
                         Double goldRecall, int searchCalls, int documentsRead, Map<String, Integer> toolCalls,
                         String exactAnswer, Double confidence, boolean correct, List<String> cited,
                         Double citationPrecision, Double citationRecall) {
}
