package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Bootstrap SE of a depth against its exact sampling distribution (worked out in the comments). */
class DepthBootstrapTest {

    private final DepthBootstrap bootstrap = new DepthBootstrap(2000, 11L);

    @Test
    void twoValuesAtC08TakeTheMaximumOfTwoDraws() {
        // n = 2, index ceil(1.6) - 1 = 1: the larger of two draws from {1, 3}.
        // P(1) = 1/4, P(3) = 3/4 -> SD = 2 * sqrt(1/4 * 3/4) = 0.8660. Monte-Carlo error ~0.015 at B = 2000.
        assertThat(bootstrap.standardError(new int[] {1, 3}, 0.8, 1000)).isCloseTo(0.8660, within(0.04));
    }

    @Test
    void censoredReplicatesCountAsDepthPlusOne() {
        // {1, inf} at N = 10: a replicate is 11 with probability 3/4, else 1 -> SD = 10 * sqrt(3/16) = 4.330.
        assertThat(bootstrap.standardError(new int[] {1, Integer.MAX_VALUE}, 0.8, 10)).isCloseTo(4.330, within(0.2));
    }

    @Test
    void constantValuesHaveNoSpread() {
        assertThat(bootstrap.standardError(new int[] {4, 4, 4, 4, 4}, 0.8, 1000)).isEqualTo(0.0);
    }

    @Test
    void sameSeedSameAnswer() {
        int[] values = {1, 5, 2, 9, 14, 3, 7};
        assertThat(new DepthBootstrap(500, 3L).standardError(values, 0.8, 100))
                .isEqualTo(new DepthBootstrap(500, 3L).standardError(values, 0.8, 100));
    }
}
