/**
 * Scoring of agent runs (METRICS.md §5): {@link io.clirbench.core.agentic.eval.AgentScorer} scores each query,
 * {@link io.clirbench.core.agentic.eval.RunSummary} holds the value of every measure of an
 * {@link io.clirbench.core.agentic.eval.AgentMeasures} registry (one {@link io.clirbench.core.agentic.eval.AgentMeasure} each), {@link io.clirbench.core.agentic.eval.AgentUncertainty}
 * adds intervals and paired tests. Two modes ({@link io.clirbench.core.agentic.eval.ScoringMode}): ours by default,
 * and BrowseComp-Plus's ({@code --compat bcp}), equal to its {@code evaluate_run.py} within 1e-9. XBCP's study
 * ({@link io.clirbench.core.agentic.eval.XbcpStudy}): {@link io.clirbench.core.agentic.eval.OracleDecomposition},
 * {@link io.clirbench.core.agentic.eval.CitationErrors}, {@link io.clirbench.core.agentic.eval.ResourceGroups}, and the
 * settings a run records ({@link io.clirbench.core.agentic.eval.RunSettings}).
 */
package io.clirbench.core.agentic.eval;
