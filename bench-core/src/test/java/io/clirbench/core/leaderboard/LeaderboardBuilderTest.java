package io.clirbench.core.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.model.Query;
import io.clirbench.core.stats.Stats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Constructed systems whose rank intervals follow from probability. The dataset: 20 families, each with one English
 * and one German query (40 queries, 2 strata of 20 clusters). B = 10,000 bootstrap replicates and sign-flip patterns.
 */
class LeaderboardBuilderTest {

    private static final String HASH = "sha256:aa";
    private static final List<String> MEASURES = List.of("nDCG@10", "R@100");
    private static final int FAMILIES = 20;
    private static final int B = Stats.DEFAULT_BOOTSTRAP;
    private static final Map<String, Query> QUERIES = queries();

    private final LeaderboardBuilder builder = new LeaderboardBuilder(Stats.DEFAULT, 0.95);

    @Test
    void identicalSystemsTieEverywhereAndSplitTheBest() {
        ToDoubleFunction<Query> base = q -> family(q) % 5 / 5.0;
        Leaderboard board = build(system("r1", "a", base), system("r2", "b", base));
        // equal on every replicate: each has rank 1.5 (the mean of ranks 1 and 2) and scores 1/2 for first place
        for (LeaderboardEntry e : board.entries()) {
            assertThat(e.rank()).isEqualTo(1.5);
            assertThat(e.rankLow()).isEqualTo(1.5);
            assertThat(e.rankHigh()).isEqualTo(1.5);
            assertThat(e.pBest()).isCloseTo(0.5, within(1e-12));
        }
        // the leader among tied systems is the first given; every difference is 0: no p-value (0 non-tied pairs < 10)
        assertThat(board.entries().get(0).retriever()).isEqualTo("a");
        LeaderboardEntry.VersusLeader v = board.entries().get(1).versusLeader();
        assertThat(v.difference()).isZero();
        assertThat(v.p()).isNull();
        assertThat(v.noPValueReason()).isEqualTo("descriptive only: 0 non-tied pairs < 10");
    }

    @Test
    void exchangeableSystemsOverlapOnRanksOneToTwoWithEvenOddsOfBeingBest() {
        // a is 0.2 above b in the even families, b 0.2 above a in the odd ones: equal observed means, and the
        // bootstrap distribution of a − b is symmetric about 0 (swap the even and odd families), so
        // P(a first) + P(tie)/2 = 1/2 for each; a tie needs exactly as many even as odd draws in both languages,
        // so both orders are frequent and the 2.5% / 97.5% percentiles of the ranks are 1 and 2
        Leaderboard board = build(system("r1", "a", q -> 0.5 + (family(q) % 2 == 0 ? 0.2 : 0)),
                system("r2", "b", q -> 0.5 + (family(q) % 2 == 1 ? 0.2 : 0)));
        for (LeaderboardEntry e : board.entries()) {
            assertThat(e.rank()).isEqualTo(1.5);
            assertThat(e.rankLow()).isEqualTo(1);
            assertThat(e.rankHigh()).isEqualTo(2);
            // Monte-Carlo: the standard error of a share of 10,000 replicates is at most 0.005
            assertThat(e.pBest()).isCloseTo(0.5, within(0.03));
        }
        // T_obs = 0: every sign pattern has |T*| >= 0, so p = (1 + B) / (B + 1) = 1
        assertThat(board.entries().get(1).versusLeader().p()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void aSystemBetterOnEveryQueryRanksFirstOnEveryReplicate() {
        // English queries score 0.3, German 0.5 for b; a is 0.2 above b on every query
        ToDoubleFunction<Query> b = q -> q.lang().equals("en") ? 0.3 : 0.5;
        Leaderboard board = build(system("r2", "b", b), system("r1", "a", q -> b.applyAsDouble(q) + 0.2));
        LeaderboardEntry first = board.entries().get(0);
        LeaderboardEntry second = board.entries().get(1);
        assertThat(first.retriever()).isEqualTo("a");
        assertThat(List.of(first.rank(), first.rankLow(), first.rankHigh(), first.pBest())).containsExactly(1.0, 1.0, 1.0, 1.0);
        assertThat(List.of(second.rank(), second.rankLow(), second.rankHigh(), second.pBest())).containsExactly(2.0, 2.0, 2.0, 0.0);
        // means by hand: a en 0.5, de 0.7, balanced (0.5 + 0.7) / 2 = 0.6; b 0.3, 0.5, 0.4
        assertThat(first.means().get("nDCG@10")).isCloseTo(0.6, within(1e-12));
        assertThat(first.byLanguage().get("nDCG@10").get("en")).isCloseTo(0.5, within(1e-12));
        assertThat(first.byLanguage().get("nDCG@10").get("de")).isCloseTo(0.7, within(1e-12));
        assertThat(second.means().get("nDCG@10")).isCloseTo(0.4, within(1e-12));
        assertThat(board.languages()).containsExactly("de", "en");
        assertThat(List.of(board.queries(), board.families())).containsExactly(40, 20);
        // leader − b = 0.2 in every family: |T*| reaches 0.2 only when all 20 signs agree, probability 2 / 2^20 per
        // pattern, about 0.02 such patterns expected in 10,000: p = 1 / (B + 1) unless one occurs (then 2 / (B + 1))
        LeaderboardEntry.VersusLeader v = second.versusLeader();
        assertThat(v.difference()).isCloseTo(0.2, within(1e-12));
        assertThat(v.p()).isBetween(1.0 / (B + 1), 2.0 / (B + 1));
        assertThat(v.pHolm()).isEqualTo(v.p()); // one comparison: Holm multiplies by 1
        assertThat(first.versusLeader()).isNull();
    }

    @Test
    void threeSystemsInAKnownOrderGetTheirRanksAndHolmAdjustedPValues() {
        ToDoubleFunction<Query> c = q -> 0.1 + family(q) % 4 * 0.1;
        Leaderboard board = build(system("r3", "c", c), system("r1", "a", q -> c.applyAsDouble(q) + 0.4),
                system("r2", "b", q -> c.applyAsDouble(q) + 0.2));
        assertThat(board.entries()).extracting(LeaderboardEntry::retriever).containsExactly("a", "b", "c");
        double[][] expected = {{1, 1, 1, 1}, {2, 2, 2, 0}, {3, 3, 3, 0}};
        for (int i = 0; i < 3; i++) {
            LeaderboardEntry e = board.entries().get(i);
            assertThat(new double[] {e.rank(), e.rankLow(), e.rankHigh(), e.pBest()}).containsExactly(expected[i]);
        }
        // both differences are constant (0.2 and 0.4): extreme only when all signs agree, so p = 1 / (B + 1) for each
        // (2 / (B + 1) at worst); Holm: the smaller times 2, the larger times 1, made non-decreasing -> 2 / (B + 1) both
        for (LeaderboardEntry e : board.entries().subList(1, 3)) {
            assertThat(e.versusLeader().pHolm()).isBetween(2.0 / (B + 1), 4.0 / (B + 1));
        }
        assertThat(board.entries().get(2).versusLeader().difference()).isCloseTo(0.4, within(1e-12));
    }

    @Test
    void aQueryMissingFromAReportScoresZero() {
        LeaderboardSystem full = system("r1", "a", q -> 0.5);
        Map<String, double[]> partial = new LinkedHashMap<>(system("r2", "b", q -> 0.5).perQuery());
        partial.remove("f0-en");
        Leaderboard board = build(full, new LeaderboardSystem("r2", "b", HASH, MEASURES, partial));
        // b: English mean (19 × 0.5 + 0) / 20 = 0.475, German 0.5, balanced (0.475 + 0.5) / 2 = 0.4875
        LeaderboardEntry b = board.entries().get(1);
        assertThat(b.byLanguage().get("nDCG@10").get("en")).isCloseTo(0.475, within(1e-12));
        assertThat(b.means().get("nDCG@10")).isCloseTo(0.4875, within(1e-12));
        assertThat(board.entries().get(0).retriever()).isEqualTo("a");
    }

    @Test
    void reportsOfAnotherDatasetVersionOrWithoutAMeasureAreLeftOutWithWhy() {
        LeaderboardSystem other = new LeaderboardSystem("old", "bm25", "sha256:bb", MEASURES, Map.of());
        LeaderboardSystem noHash = new LeaderboardSystem("older", "bm25", null, MEASURES, Map.of());
        LeaderboardSystem fewer = new LeaderboardSystem("r9", "x", HASH, List.of("nDCG@10"), Map.of("f0-en", new double[] {1}));
        Leaderboard board = build(system("r1", "a", q -> 0.5), other, noHash, fewer);
        assertThat(board.entries()).hasSize(1);
        assertThat(board.excluded()).extracting(Leaderboard.Excluded::reason).containsExactly(
                "evaluated against dataset content hash sha256:bb, not the registered sha256:aa",
                "its report names no dataset content hash",
                "its report has no measure R@100 (it has [nDCG@10])");
        LeaderboardEntry only = board.entries().get(0);
        assertThat(List.of(only.rank(), only.rankLow(), only.rankHigh(), only.pBest())).containsExactly(1.0, 1.0, 1.0, 1.0);
    }

    @Test
    void fewerThanThirtyPairedQueriesGiveNoPValue() {
        Map<String, Query> four = new LinkedHashMap<>();
        for (int f = 0; f < 4; f++) {
            four.put("f" + f + "-en", QUERIES.get("f" + f + "-en"));
        }
        Map<String, double[]> a = new LinkedHashMap<>();
        Map<String, double[]> b = new LinkedHashMap<>();
        four.keySet().forEach(id -> {
            a.put(id, new double[] {0.9, 0.9});
            b.put(id, new double[] {0.1, 0.1});
        });
        Leaderboard board = builder.build("toy", HASH, MEASURES, four, List.of(
                new LeaderboardSystem("r1", "a", HASH, MEASURES, a), new LeaderboardSystem("r2", "b", HASH, MEASURES, b)));
        LeaderboardEntry.VersusLeader v = board.entries().get(1).versusLeader();
        assertThat(v.p()).isNull();
        assertThat(v.pHolm()).isNull();
        assertThat(v.noPValueReason()).isEqualTo("descriptive only: paired n = 4 < 30");
    }

    @Test
    void aReportNamingAQueryTheDatasetLacksIsRefusedNamingIt() {
        LeaderboardSystem stray = new LeaderboardSystem("r7", "bm25", HASH, MEASURES, Map.of("q-unknown", new double[] {0, 0}));
        assertThatThrownBy(() -> build(stray)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("run r7 retriever bm25: query 'q-unknown' of its report is not a query of dataset toy");
    }

    @Test
    void aNonFiniteValueIsRefusedNamingTheQueryAndMeasure() {
        LeaderboardSystem bad = new LeaderboardSystem("r7", "bm25", HASH, MEASURES,
                Map.of("f0-en", new double[] {Double.NaN, 0}));
        assertThatThrownBy(() -> build(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("run r7 retriever bm25: query 'f0-en' has nDCG@10 = NaN (a finite number expected)");
    }

    private Leaderboard build(LeaderboardSystem... systems) {
        return builder.build("toy", HASH, MEASURES, QUERIES, List.of(systems));
    }

    /** A system scoring {@code value(q)} on every query for both measures. */
    private static LeaderboardSystem system(String run, String retriever, ToDoubleFunction<Query> value) {
        Map<String, double[]> perQuery = new LinkedHashMap<>();
        for (Query q : QUERIES.values()) {
            double v = value.applyAsDouble(q);
            perQuery.put(q.id(), new double[] {v, v});
        }
        return new LeaderboardSystem(run, retriever, HASH, MEASURES, perQuery);
    }

    private static int family(Query q) {
        return Integer.parseInt(q.family().substring(1));
    }

    private static Map<String, Query> queries() {
        Map<String, Query> queries = new LinkedHashMap<>();
        for (int f = 0; f < FAMILIES; f++) {
            for (String lang : List.of("en", "de")) {
                String id = "f" + f + "-" + lang;
                queries.put(id, new Query(id, "query " + id, lang, "f" + f, Map.of()));
            }
        }
        return queries;
    }
}
