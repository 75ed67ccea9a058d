/**
 * Agent runs (issue 17): sessions of the search tool that deep-research agents call while they work.
 *
 * <p>{@code POST /api/agent-runs} opens a session over one task configuration and retriever
 * ({@link AgentSessions}); agents call {@code search} and {@code get_document} over MCP
 * ({@link McpResource}, streamable HTTP at {@code /mcp/RUN/QUERY}) or the REST twin ({@link AgentRunResource});
 * {@link AgentTools} validates each call, runs it through the Retriever port ({@link SessionSearch}) and
 * publishes an {@code AgentCall} on {@code agent-calls.v1} ({@link AgentEventPublisher}) before the agent gets its
 * result.
 */
package io.clirbench.gateway.agent;

import io.clirbench.gateway.agent.mcp.McpResource;
