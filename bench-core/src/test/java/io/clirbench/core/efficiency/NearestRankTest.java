package io.clirbench.core.efficiency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NearestRankTest {

    /**
     * Ten latencies, given out of order: sorted they are 3, 5, 7, 8, 9, 12, 15, 20, 40, 100 (x1..x10). Nearest rank:
     * p50 = x[ceil(0.50 * 10)] = x5 = 9; p99 = x[ceil(0.99 * 10)] = x[ceil(9.9)] = x10 = 100;
     * p90 = x[ceil(9.0)] = x9 = 40 (the boundary where rounding matters); p10 = x1 = 3; p100 = x10 = 100.
     */
    @Test
    void tenValuesByHand() {
        long[] values = {40, 3, 12, 100, 7, 9, 5, 20, 8, 15};
        assertThat(NearestRank.of(values, 50)).isEqualTo(9L);
        assertThat(NearestRank.of(values, 99)).isEqualTo(100L);
        assertThat(NearestRank.of(values, 90)).isEqualTo(40L);
        assertThat(NearestRank.of(values, 10)).isEqualTo(3L);
        assertThat(NearestRank.of(values, 100)).isEqualTo(100L);
        assertThat(values[0]).as("the input is not sorted in place").isEqualTo(40L);
    }

    /**
     * 1..1000: p99 = x[ceil(990)] = 990 and p50 = x500 = 500 (no interpolation: an interpolating rule gives 500.5);
     * 1..101: p99 = x[ceil(99.99)] = x100 = 100, p50 = x[ceil(50.5)] = x51 = 51 (the median).
     */
    @Test
    void largerListsHitTheRankExactly() {
        long[] thousand = java.util.stream.LongStream.rangeClosed(1, 1000).toArray();
        assertThat(NearestRank.of(thousand, 99)).isEqualTo(990L);
        assertThat(NearestRank.of(thousand, 50)).isEqualTo(500L);
        long[] hundredOne = java.util.stream.LongStream.rangeClosed(1, 101).toArray();
        assertThat(NearestRank.of(hundredOne, 99)).isEqualTo(100L);
        assertThat(NearestRank.of(hundredOne, 50)).isEqualTo(51L);
    }

    @Test
    void oneValueIsEveryPercentileAndNoneIsNull() {
        assertThat(NearestRank.of(new long[] {7}, 1)).isEqualTo(7L);
        assertThat(NearestRank.of(new long[] {7}, 99)).isEqualTo(7L);
        assertThat(NearestRank.of(new long[0], 50)).isNull();
    }

    @Test
    void refusesAPercentOutsideTheRange() {
        assertThatThrownBy(() -> NearestRank.of(new long[] {1}, 0)).hasMessageContaining("percentile 0");
        assertThatThrownBy(() -> NearestRank.of(new long[] {1}, 101)).hasMessageContaining("percentile 101");
    }
}
