/**
 * The agent adapter of the pipeline (issue 17): maps {@code agent-calls.v1} (its topic adapter: {@link AgentEventHandler}),
 * stores each event once under the run row's lock ({@link AgentEventHandler}, {@link AgentEvalStore}, keyed by run, query and
 * call index), and queues a run closed with every event it counted; the worker that claims it rebuilds the run
 * directory and scores it with the code of {@code bench agent eval} ({@link AgentRunEvaluation},
 * {@link AgentReportBuilder}); {@link AgentRunResource} serves the counts, the report files and the run directory.
 */
package io.clirbench.eval.agent;
