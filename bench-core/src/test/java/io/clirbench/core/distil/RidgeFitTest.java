package io.clirbench.core.distil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RidgeFitTest {

    /*
     * Tokens a (0) and b (1), 1-D targets. Sentence 1 = "a" -> 1, sentence 2 = "a b" -> 0.
     * A = [[1, 0], [1/2, 1/2]], A'A = [[5/4, 1/4], [1/4, 1/4]], A't = [1, 0].
     * lambda = 0: a = 1 (sentence 1), (a + b)/2 = 0 -> b = -1.
     * lambda = 1/4: [[3/2, 1/4], [1/4, 1/2]] w = [1, 0]; det = 3/4 - 1/16 = 11/16;
     *   a = (1/2)/(11/16) = 8/11 = 0.72727, b = -(1/4)/(11/16) = -4/11 = -0.36364.
     */
    @Test
    void solvesTheHandWorkedTwoTokenExample() {
        RidgeFit fit = new RidgeFit(new int[][] {{0}, {0, 1}}, 2);
        float[][] targets = {{1f}, {0f}};

        RidgeFit.Result exact = fit.fit(targets, 0, 10, 1e-7);
        assertThat(exact.vector(0)[0]).isCloseTo(1f, within(1e-5f));
        assertThat(exact.vector(1)[0]).isCloseTo(-1f, within(1e-5f));
        // CG on a 2 x 2 system converges in at most 2 steps
        assertThat(exact.iterations()).isLessThanOrEqualTo(2);

        RidgeFit.Result ridge = fit.fit(targets, 0.25, 10, 1e-7);
        assertThat(ridge.vector(0)[0]).isCloseTo(8f / 11, within(1e-5f));
        assertThat(ridge.vector(1)[0]).isCloseTo(-4f / 11, within(1e-5f));
    }

    /* Same design, two output dimensions fitted independently: targets (1, 2) and (0, 4) -> a = (1, 2), b = (-1, 6). */
    @Test
    void fitsEveryDimensionIndependently() {
        RidgeFit.Result r = new RidgeFit(new int[][] {{0}, {0, 1}}, 2).fit(new float[][] {{1f, 2f}, {0f, 4f}}, 0, 10, 1e-7);
        assertThat(r.vector(0)).containsExactly(new float[] {1f, 2f}, within(1e-4f));
        assertThat(r.vector(1)).containsExactly(new float[] {-1f, 6f}, within(1e-4f));
    }
}
