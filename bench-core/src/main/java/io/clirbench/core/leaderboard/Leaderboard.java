package io.clirbench.core.leaderboard;

import java.util.List;

/**
 * Every system evaluated on one dataset version, ranked by the first of {@code measures} (README "Leaderboard",
 * METRICS.md §3 "Rank intervals"). Means are language-balanced (the mean over query languages of each language's
 * mean), the quantity the clustered bootstrap resamples.
 *
 * @param dataset     the dataset's id
 * @param datasetHash the content hash every entry was evaluated against
 * @param measures    the measures shown; the first ranks the systems
 * @param languages   the query languages (sorted), one column each for the ranking measure
 * @param queries     judged queries (a query missing from a run scores 0 there)
 * @param families    query families among them (the bootstrap's clusters)
 * @param replicates  bootstrap replicates B, also the sign-flip patterns
 * @param seed        seed of both
 * @param level       confidence level of the rank intervals (0.95)
 * @param entries     the systems, best observed rank first
 * @param excluded    systems left out, with why (another dataset version, a measure their report lacks)
 */
public record Leaderboard(String dataset, String datasetHash, List<String> measures, List<String> languages, int queries,
                          int families, int replicates, long seed, double level, List<LeaderboardEntry> entries,
                          List<Excluded> excluded) {

    public Leaderboard {
        measures = List.copyOf(measures);
        languages = List.copyOf(languages);
        entries = List.copyOf(entries);
        excluded = List.copyOf(excluded);
    }

    /** The measure that ranks the systems. */
    public String rankedBy() {
        return measures.get(0);
    }

    /** This leaderboard with {@code more} systems left out (those whose report could not be read), after its own. */
    public Leaderboard withExcluded(List<Excluded> more) {
        List<Excluded> all = new java.util.ArrayList<>(excluded);
        all.addAll(more);
        return new Leaderboard(dataset, datasetHash, measures, languages, queries, families, replicates, seed, level, entries,
                all);
    }

    /** A system left out of the leaderboard and why. */
    public record Excluded(String runId, String retriever, String reason) {
    }
}
