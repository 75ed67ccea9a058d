package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The statistics settings' one range check. Expected values from the spec, not the code: METRICS.md §3 "Default
 * B = 10,000, a fixed seed" (the README and every command document seed 42), and the README "Limits" table
 * "bootstrap B | 0..100,000" with the message the eval-service already reports for a run beyond it
 * ({@code OverLimitRunTest}: "bootstrap B must be in 0..100000, got 2147483647 (the limit of resamples)").
 */
class StatsTest {

    @Test
    void theDefaultsAreTheSpecs() {
        assertThat(Stats.DEFAULT).isEqualTo(new Stats(10_000, 42));
        assertThat(Stats.DEFAULT.enabled()).isTrue();
    }

    @Test
    void zeroTurnsTheStatisticsOffAndTheLimitItselfIsAllowed() {
        assertThat(new Stats(0, 1).enabled()).isFalse();
        assertThat(new Stats(100_000, 1).bootstrap()).isEqualTo(100_000);
        assertThat(Stats.bootstrapProblem(0)).isNull();
        assertThat(Stats.bootstrapProblem(100_000)).isNull();
    }

    @Test
    void oneOverTheLimitOrBelowZeroIsRefusedWithTheValue() {
        assertThatThrownBy(() -> new Stats(100_001, 42)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bootstrap B must be in 0..100000, got 100001 (the limit of resamples)");
        assertThatThrownBy(() -> new Stats(-1, 42)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bootstrap B must be in 0..100000, got -1 (the limit of resamples)");
        assertThatThrownBy(() -> new Stats(Integer.MAX_VALUE, 42))
                .hasMessage("bootstrap B must be in 0..100000, got 2147483647 (the limit of resamples)");
        assertThat(Stats.bootstrapProblem(20_000_000)).isEqualTo("must be in 0..100000, got 20000000");
    }

    @Test
    void aWideValueIsCheckedBeforeItIsNarrowed() {
        // 2^32 + 200 narrows to the int 200, a valid B: it must be refused as the long it is
        long wide = (1L << 32) + 200;
        assertThat((int) wide).isEqualTo(200);
        assertThatThrownBy(() -> Stats.of(wide, 42))
                .hasMessage("bootstrap B must be in 0..100000, got 4294967496 (the limit of resamples)");
        assertThat(Stats.of(500, 7)).isEqualTo(new Stats(500, 7));
    }
}
