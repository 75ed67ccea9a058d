/** Values of agentic search evaluation: tasks, corpus configurations, agent traces, judgements (METRICS.md §5). */
package io.clirbench.core.agentic.model;
