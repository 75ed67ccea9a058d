/**
 * Agentic search evaluation (METRICS.md §5, XBCP / BrowseComp-Plus): {@code model} holds the values (tasks,
 * configurations, agent traces, judgements), {@code format} reads and writes them (task layout of
 * ARCHITECTURE.md "Agentic task layout", BrowseComp-Plus run directories, qrels, ground truth and judgements,
 * our trace JSONL), {@code eval} scores runs, {@code report} renders the results, {@code configure} builds
 * corpus configurations, {@code judge} judges answers with an LLM (the built-in answer judge).
 */
package io.clirbench.core.agentic;
