/**
 * Rendering of agentic evaluations: JSON, Markdown, HTML (inline SVG charts), CSV and BrowseComp-Plus's
 * {@code evaluation_summary.json} schema ({@link io.clirbench.core.agentic.report.BcpEvaluationSummary}).
 */
package io.clirbench.core.agentic.report;
