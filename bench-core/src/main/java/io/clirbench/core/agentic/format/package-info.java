/**
 * Agentic file formats: the task layout ({@link io.clirbench.core.agentic.format.AgentTaskReader}), BrowseComp-Plus
 * run directories ({@link io.clirbench.core.agentic.format.BcpRunReader}, {@link io.clirbench.core.agentic.format.BcpRunWriter}),
 * qrels, ground truth and judgements, and our trace JSONL ({@link io.clirbench.core.agentic.format.TraceJsonl}).
 * Every reader validates the whole input and reports each problem with file, line and value or field.
 */
package io.clirbench.core.agentic.format;
