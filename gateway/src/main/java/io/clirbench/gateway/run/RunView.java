package io.clirbench.gateway.run;

import java.util.List;

/** The run JSON served by {@code /api/runs} (README "Run JSON"). */
public record RunView(String id, String dataset, String datasetVersion, RunState state, int depth, long seed,
                      int bootstrap, List<RetrieverView> retrievers, Evaluation evaluation, String message,
                      String createdAt, String updatedAt, Timings timings) {

    /** Progress of one retriever. */
    public record RetrieverView(String id, String state, int documentsEmbedded, int documents, int queriesEmbedded,
                                int queries, int queriesSearched, int queriesPublished) {
    }

    /** The eval-service's view of the run: its state and where its report is. */
    public record Evaluation(String state, String url) {
    }

    /** Milliseconds spent per phase, summed over retrievers; null until the phase ran. */
    public record Timings(Long embedMillis, Long indexMillis, Long searchMillis, Long publishMillis, Long evalMillis,
                          Long totalMillis) {
    }

    public RunView withState(RunState newState, String newMessage, String now) {
        return new RunView(id, dataset, datasetVersion, newState, depth, seed, bootstrap, retrievers, evaluation,
                newMessage, createdAt, now, timings);
    }
}
