/**
 * Agents that work against a gateway agent run: the MCP client of the search tool ({@link McpSearchClient}), the
 * run's REST endpoints ({@link AgentRunClient}), and the LLM agent loop over an OpenAI-compatible chat-completions
 * endpoint with function calling ({@link LlmAgent}, on the openai-client module's one chat client).
 */
package io.clirbench.cli.agent;
