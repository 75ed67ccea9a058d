package io.clirbench.gateway.agent;

/**
 * The body of {@code POST /api/agent-runs/{id}/answers}.
 *
 * @param queryId    the question answered
 * @param text       the final answer (BrowseComp-Plus format: Explanation, Exact Answer, Confidence)
 * @param confidence optional, 0 to 100
 */
public record AgentAnswerRequest(String queryId, String text, Double confidence) {
}
