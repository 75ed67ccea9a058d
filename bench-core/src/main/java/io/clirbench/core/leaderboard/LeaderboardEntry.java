package io.clirbench.core.leaderboard;

import java.util.Map;

/**
 * One row of a {@link Leaderboard}.
 *
 * @param runId        the run
 * @param retriever    the retriever's id in it
 * @param rank         its rank by the observed balanced mean of the ranking measure (1 = best; ties share the mean rank)
 * @param rankLow      lower end of the rank interval (percentile of the bootstrap ranks)
 * @param rankHigh     upper end of the rank interval
 * @param pBest        share of replicates where it ranks first (a tie for first among k systems counts 1/k)
 * @param means        measure → language-balanced mean
 * @param byLanguage   measure → query language → mean over that language's queries
 * @param versusLeader the paired comparison with the leader; {@code null} for the leader itself
 */
public record LeaderboardEntry(String runId, String retriever, double rank, double rankLow, double rankHigh, double pBest,
                               Map<String, Double> means, Map<String, Map<String, Double>> byLanguage,
                               VersusLeader versusLeader) {

    /**
     * The family sign-flip permutation test of the per-query differences leader − this system on the ranking measure
     * (METRICS.md §3), Holm-adjusted across the other systems.
     *
     * @param difference     the balanced mean of leader − this
     * @param p              the permutation p-value; {@code null} when descriptive only
     * @param pHolm          p after Holm's adjustment across every non-leader; {@code null} when descriptive only
     * @param noPValueReason why no p-value is given (paired n &lt; 30, families &lt; 10, non-tied pairs &lt; 10), else null
     */
    public record VersusLeader(double difference, Double p, Double pHolm, String noPValueReason) {

        /** This system's mean minus the leader's, as tables show it ({@code 0.0 − d}: no "-0" for a tie). */
        public double thisMinusLeader() {
            return 0.0 - difference;
        }
    }
}
