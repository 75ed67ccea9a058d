package io.clirbench.core.build.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Expected values: by hand, and from a python3 (stdlib only) script written from the definitions, not from this code:
 * ranks with ties averaged, Pearson on ranks; the weighted kappa's sums by hand.
 */
class AgreementTest {

    @Test
    void tiesShareTheirAverageRank() {
        // 32 and 32 take ranks 4 and 5 of the sorted [12, 20, 24, 32, 32, 36, 40]: 4.5 each
        assertThat(Agreement.ranks(new double[] {40, 36, 32, 32, 24, 20, 12})).containsExactly(7, 6, 4.5, 4.5, 3, 2, 1);
    }

    @Test
    void spearmanAndQuadraticKappaOfAHandTable() {
        double[] human = {9, 8, 7, 6, 3, 5, 2};
        double[] total = {40, 36, 32, 32, 24, 20, 12};
        // python3: ranks as above, pearson of ranks = 0.9549937104572925
        assertThat(Agreement.spearman(human, total)).isCloseTo(0.9549937104572925, within(1e-15));
        // totals on the human scale floor(t/4 + 0.5): 10, 9, 8, 8, 6, 5, 3. Squared differences with the ratings:
        // 1 + 1 + 1 + 4 + 9 + 0 + 1 = 17 observed; expected sum of (i-j)^2 * row_i * col_j / 7 = 87; kappa = 1 - 17/87 = 70/87
        int[] h = {9, 8, 7, 6, 3, 5, 2};
        int[] v = {10, 9, 8, 8, 6, 5, 3};
        assertThat(Agreement.quadraticKappa(h, v, 11)).isCloseTo(70.0 / 87, within(1e-12));
        // perfect agreement is 1; a constant side has no Spearman
        assertThat(Agreement.quadraticKappa(h, h, 11)).isEqualTo(1.0);
        assertThat(Agreement.spearman(human, new double[] {1, 1, 1, 1, 1, 1, 1})).isNaN();
    }

    @Test
    void theVerifierTotalGoesToTheHumanScaleHalfUp() {
        assertThat(AgreementReport.humanScale(40)).isEqualTo(10);
        assertThat(AgreementReport.humanScale(30)).isEqualTo(8); // 7.5 rounds up
        assertThat(AgreementReport.humanScale(29)).isEqualTo(7); // 7.25
        assertThat(AgreementReport.humanScale(0)).isZero();
    }
}
