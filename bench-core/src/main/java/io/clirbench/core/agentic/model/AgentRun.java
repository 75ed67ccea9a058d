package io.clirbench.core.agentic.model;

import java.util.List;

/**
 * One agent's run over a task: a trace per query, and the files skipped (lenient reading) with their reasons.
 *
 * @param name    the run name (directory name by default)
 * @param model   the agent's model from the run files' {@code metadata.model}, {@code null} when absent
 * @param traces  one per query, in query-id order
 * @param skipped files that were not read, each with the reason
 */
public record AgentRun(String name, String model, List<AgentTrace> traces, List<Skipped> skipped) {

    public AgentRun {
        traces = List.copyOf(traces);
        skipped = List.copyOf(skipped);
    }

    /** A file that lenient reading skipped. */
    public record Skipped(String file, String reason) {
    }
}
