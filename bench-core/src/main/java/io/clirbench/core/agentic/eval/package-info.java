/**
 * Scoring of agent runs (METRICS.md §5): {@link io.clirbench.core.agentic.eval.AgentScorer} scores each query,
 * {@link io.clirbench.core.agentic.eval.RunSummary} aggregates, {@link io.clirbench.core.agentic.eval.AgentUncertainty}
 * adds intervals and paired tests. Two modes ({@link io.clirbench.core.agentic.eval.ScoringMode}): ours by default,
 * and BrowseComp-Plus's ({@code --compat bcp}), equal to its {@code evaluate_run.py} within 1e-9.
 */
package io.clirbench.core.agentic.eval;
