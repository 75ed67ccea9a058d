package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.model.AgentRun;
import java.util.List;

/**
 * The per-query scores of one run.
 *
 * @param name       the run name
 * @param model      the agent's model, {@code null} when unknown
 * @param queries    one per scored query, in question order
 * @param unexpected query ids of traces that match no question (ignored, counted)
 * @param skipped    run files skipped by lenient reading
 */
public record RunScores(String name, String model, List<AgentQueryScore> queries, List<String> unexpected,
                        List<AgentRun.Skipped> skipped) {

    public RunScores {
        queries = List.copyOf(queries);
        unexpected = List.copyOf(unexpected);
        skipped = List.copyOf(skipped);
    }
}
