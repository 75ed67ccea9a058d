package io.clirbench.core.leaderboard;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.model.Query;
import io.clirbench.core.stats.ClusterFrame;
import io.clirbench.core.stats.ClusteredBootstrap;
import io.clirbench.core.stats.Holm;
import io.clirbench.core.stats.SignFlipPermutation;
import io.clirbench.core.stats.Stats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds a {@link Leaderboard} from the per-query values of each system's report (METRICS.md §3 "Rank intervals"):
 * language-balanced means, per-language means, rank intervals and the probability of being best from one clustered
 * bootstrap whose draws every system shares, and the family sign-flip test of each system against the leader with Holm's
 * adjustment across them. The leader is the system of best observed mean; among systems tied for it, the first given.
 */
public final class LeaderboardBuilder {

    private final Stats stats;
    private final double level;

    /** A builder resampling with {@code stats} (B ≥ 1 replicates and sign-flip patterns, the seed) at {@code level}. */
    public LeaderboardBuilder(Stats stats, double level) {
        if (!stats.enabled()) {
            throw new IllegalArgumentException("a leaderboard needs bootstrap B >= 1 for its rank intervals, got "
                    + stats.bootstrap());
        }
        this.stats = stats;
        this.level = level;
    }

    /**
     * The leaderboard of {@code systems} on dataset {@code dataset} of content hash {@code hash}, whose queries by id are
     * {@code queries}. A system evaluated against another hash, or whose report lacks one of {@code measures}, is left
     * out and listed with why; a report naming a query the dataset does not have is an {@link IllegalArgumentException}
     * naming the run, the retriever and the query.
     */
    public Leaderboard build(String dataset, String hash, List<String> measures, Map<String, Query> queries,
                             List<LeaderboardSystem> systems) {
        if (measures.isEmpty()) {
            throw new IllegalArgumentException("a leaderboard needs at least one measure");
        }
        List<Leaderboard.Excluded> excluded = new ArrayList<>();
        List<LeaderboardSystem> kept = new ArrayList<>();
        for (LeaderboardSystem system : systems) {
            String reason = exclusion(system, hash, measures);
            if (reason == null) {
                kept.add(system);
            } else {
                excluded.add(new Leaderboard.Excluded(system.runId(), system.retriever(), reason));
            }
        }
        List<Query> judged = judgedQueries(kept, queries, dataset);
        if (kept.isEmpty() || judged.isEmpty()) {
            return new Leaderboard(dataset, hash, measures, List.of(), judged.size(), 0, stats.bootstrap(), stats.seed(),
                    level, List.of(), excluded);
        }
        // languages are grouped by identity (pt-BR with pt, zh-Hant apart from zh): ARCHITECTURE.md "Language tags"
        ClusterFrame frame = ClusterFrame.of(judged.stream().map(q -> LanguageTag.identityOf(q.lang())).toList(),
                judged.stream().map(Query::family).toList());
        List<String> languages = judged.stream().map(q -> LanguageTag.identityOf(q.lang())).distinct().sorted().toList();
        SystemValues values = new SystemValues(kept, judged, measures);
        List<LeaderboardEntry> entries = entries(kept, values, frame, languages, measures);
        return new Leaderboard(dataset, hash, measures, languages, judged.size(), frame.families(), stats.bootstrap(),
                stats.seed(), level, entries, excluded);
    }

    private static String exclusion(LeaderboardSystem system, String hash, List<String> measures) {
        if (system.datasetHash() == null) {
            return "its report names no dataset content hash";
        }
        if (!system.datasetHash().equals(hash)) {
            return "evaluated against dataset content hash " + system.datasetHash() + ", not the registered " + hash;
        }
        for (String measure : measures) {
            if (!system.measureNames().contains(measure)) {
                return "its report has no measure " + measure + " (it has " + system.measureNames() + ")";
            }
        }
        return null;
    }

    /** Every query judged in any kept report, in the order first met; each must be a query of the dataset. */
    private static List<Query> judgedQueries(List<LeaderboardSystem> systems, Map<String, Query> queries, String dataset) {
        Set<String> ids = new LinkedHashSet<>();
        for (LeaderboardSystem system : systems) {
            for (String id : system.perQuery().keySet()) {
                if (!queries.containsKey(id)) {
                    throw new IllegalArgumentException("run " + system.runId() + " retriever " + system.retriever()
                            + ": query '" + id + "' of its report is not a query of dataset " + dataset);
                }
                ids.add(id);
            }
        }
        return ids.stream().map(queries::get).toList();
    }

    private List<LeaderboardEntry> entries(List<LeaderboardSystem> kept, SystemValues values, ClusterFrame frame,
                                           List<String> languages, List<String> measures) {
        int n = kept.size();
        String rankedBy = measures.get(0);
        double[][] sums = new double[n][];
        double[] means = new double[n];
        for (int s = 0; s < n; s++) {
            sums[s] = frame.clusterSums(values.of(rankedBy, s));
            means[s] = frame.balancedMean(sums[s]);
        }
        double[] rank = RankIntervals.ranks(means);
        RankIntervals.RankInterval[] intervals = RankIntervals.of(
                new ClusteredBootstrap(frame, stats.bootstrap(), stats.seed()).replicates(sums), level);
        int leader = 0;
        for (int s = 1; s < n; s++) {
            leader = rank[s] < rank[leader] ? s : leader;
        }
        LeaderboardEntry.VersusLeader[] versus = versusLeader(values.of(rankedBy), leader, frame);
        List<LeaderboardEntry> entries = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            Map<String, Double> byMeasure = new LinkedHashMap<>();
            Map<String, Map<String, Double>> byLanguage = new LinkedHashMap<>();
            for (String measure : measures) {
                double[] v = values.of(measure, s);
                byMeasure.put(measure, frame.balancedMean(frame.clusterSums(v)));
                byLanguage.put(measure, languageMeans(v, values.judged(), languages));
            }
            LeaderboardSystem system = kept.get(s);
            entries.add(new LeaderboardEntry(system.runId(), system.retriever(), rank[s], intervals[s].low(),
                    intervals[s].high(), intervals[s].pBest(), byMeasure, byLanguage, versus[s]));
        }
        // best observed rank first; equal ranks keep the order given (a stable sort)
        entries.sort(Comparator.comparingDouble(LeaderboardEntry::rank));
        return entries;
    }

    /** Per system, the test of leader − system; {@code null} for the leader. */
    private LeaderboardEntry.VersusLeader[] versusLeader(double[][] values, int leader, ClusterFrame frame) {
        List<double[]> differences = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int s = 0; s < values.length; s++) {
            if (s != leader) {
                double[] d = new double[values[s].length];
                for (int i = 0; i < d.length; i++) {
                    d[i] = values[leader][i] - values[s][i];
                }
                differences.add(d);
                others.add(s);
            }
        }
        LeaderboardEntry.VersusLeader[] out = new LeaderboardEntry.VersusLeader[values.length];
        if (others.isEmpty()) {
            return out;
        }
        List<SignFlipPermutation.Result> tests = new SignFlipPermutation(stats.bootstrap(), stats.seed())
                .test(frame, differences);
        double[] holm = Holm.adjust(tests.stream().mapToDouble(t -> t.p() == null ? Double.NaN : t.p()).toArray());
        for (int k = 0; k < others.size(); k++) {
            SignFlipPermutation.Result t = tests.get(k);
            out[others.get(k)] = new LeaderboardEntry.VersusLeader(t.statistic(), t.p(),
                    Double.isNaN(holm[k]) ? null : holm[k], t.noPValueReason());
        }
        return out;
    }

    private static Map<String, Double> languageMeans(double[] values, List<Query> judged, List<String> languages) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String language : languages) {
            double sum = 0;
            int count = 0;
            for (int i = 0; i < values.length; i++) {
                if (Objects.equals(LanguageTag.identityOf(judged.get(i).lang()), language)) {
                    sum += values[i];
                    count++;
                }
            }
            out.put(language, sum / count);
        }
        return out;
    }
}
