package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Nearest-rank percentile D_C (METRICS.md §2), indices worked out by hand. */
class NearestRankPercentileTest {

    @Test
    void indexIsCeilingOfCnMinusOne() {
        assertThat(NearestRankPercentile.nearestRankIndex(0.8, 5)).isEqualTo(3);   // ceil(4) - 1, despite 0.8*5 = 4.000000000000001
        assertThat(NearestRankPercentile.nearestRankIndex(0.8, 4)).isEqualTo(3);   // ceil(3.2) - 1
        assertThat(NearestRankPercentile.nearestRankIndex(0.5, 5)).isEqualTo(2);   // ceil(2.5) - 1
        assertThat(NearestRankPercentile.nearestRankIndex(0.8, 10)).isEqualTo(7);  // ceil(8) - 1
        assertThat(NearestRankPercentile.nearestRankIndex(0.0, 3)).isEqualTo(0);   // clamped
        assertThat(NearestRankPercentile.nearestRankIndex(0.7, 10)).isEqualTo(6);  // 0.7*10 = 7.000000000000001 -> 7 - 1
    }

    @Test
    void infinitySortsLast() {
        int inf = Integer.MAX_VALUE; // QueryOutcome.NOT_RETRIEVED
        assertThat(NearestRankPercentile.nearestRank(new int[] {inf, 3, 1, 2, 9}, 0.8)).isEqualTo(9);
        assertThat(NearestRankPercentile.nearestRank(new int[] {inf, 3, inf, 2, 9}, 0.8)).isEqualTo(inf);
    }
}
