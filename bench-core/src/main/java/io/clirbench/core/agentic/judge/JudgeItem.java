package io.clirbench.core.agentic.judge;

import java.util.Map;

/**
 * One answer to judge: a run file's query with its ground truth.
 *
 * @param queryId        the query id
 * @param runFile        where the answer came from (the run file's path, or the trace file's), as BrowseComp-Plus's
 *                       {@code json_path}
 * @param evalFile       the name of its evaluation file ({@code RUNSTEM_eval.json})
 * @param question       the question of the ground truth
 * @param response       the agent's final output text (empty when none)
 * @param correctAnswer  the reference answer
 * @param completed      whether the run's status is {@code completed}
 * @param toolCallCounts the run's calls per tool
 */
public record JudgeItem(String queryId, String runFile, String evalFile, String question, String response, String correctAnswer,
                        boolean completed, Map<String, Integer> toolCallCounts) {

    /** BrowseComp-Plus judges only a completed run with a non-empty response. */
    public boolean judged() {
        return completed && !response.isEmpty();
    }
}
