package io.clirbench.core.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RankIntervalsTest {

    @Test
    void equalValuesShareTheMeanOfTheRanksTheySpan() {
        // sorted descending: 0.7, 0.7 (ranks 1 and 2 -> 1.5 each), 0.5 (3), 0.1 (4)
        assertThat(RankIntervals.ranks(new double[] {0.5, 0.7, 0.7, 0.1})).containsExactly(3, 1.5, 1.5, 4);
        // three tied for first: ranks 1..3 -> 2 each
        assertThat(RankIntervals.ranks(new double[] {0.2, 0.2, 0.2, 0.3})).containsExactly(3, 3, 3, 1);
    }

    @Test
    void intervalsArePercentilesOfTheRanksAndATieForFirstSplitsTheBest() {
        // replicates b = 0..3: A 1 2 3 4, B 2 1 3 0
        // ranks of A: 2, 1, 1.5 (tie), 1 -> sorted 1, 1, 1.5, 2; of B: 1, 2, 1.5, 2 -> sorted 1, 1.5, 2, 2
        // P(best) A = (0 + 1 + 1/2 + 1) / 4 = 0.625; B = (1 + 0 + 1/2 + 0) / 4 = 0.375 (they sum to 1)
        // level 0.5: quantiles 0.25 and 0.75 at positions 0.75 and 2.25 (of 0..3), linearly interpolated
        // A: 1 + 0.75 (1 - 1) = 1; 1.5 + 0.25 (2 - 1.5) = 1.625.  B: 1 + 0.75 (1.5 - 1) = 1.375; 2
        RankIntervals.RankInterval[] r = RankIntervals.of(new double[][] {{1, 2, 3, 4}, {2, 1, 3, 0}}, 0.5);
        assertThat(r[0].low()).isCloseTo(1, within(1e-12));
        assertThat(r[0].high()).isCloseTo(1.625, within(1e-12));
        assertThat(r[0].pBest()).isCloseTo(0.625, within(1e-12));
        assertThat(r[1].low()).isCloseTo(1.375, within(1e-12));
        assertThat(r[1].high()).isCloseTo(2, within(1e-12));
        assertThat(r[1].pBest()).isCloseTo(0.375, within(1e-12));
    }
}
