/**
 * Agent runs (issue 17): consumes {@code agent-calls.v1} ({@link AgentEventConsumer}), stores each event once
 * ({@link AgentEvalStore}, keyed by run, query and call index), and when a run is closed and every event it counted
 * is in, rebuilds the run directory and scores it with the code of {@code bench agent eval}
 * ({@link AgentReportBuilder}); {@link AgentRunResource} serves the counts, the report files and the run directory.
 */
package io.clirbench.eval.agent;
