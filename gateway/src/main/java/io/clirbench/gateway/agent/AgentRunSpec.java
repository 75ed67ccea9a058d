package io.clirbench.gateway.agent;

/** A persisted agent run: what it searches and how, as stored in {@code agent_run}. */
public record AgentRunSpec(String id, String taskId, String taskLocation, String configuration, String retriever,
                           int k, int snippetTokens, int bootstrap, String agent, long createdAt) {
}
