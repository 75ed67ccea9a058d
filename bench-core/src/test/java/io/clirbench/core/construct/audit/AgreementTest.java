package io.clirbench.core.construct.audit;

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

    @Test
    void gwetAc1StaysHighWhereKappaCollapsesNearTheCeiling() {
        // Two raters, 125 items, categories 1 ("yes") and 0 ("no"): 118 both yes, 5 yes/no, 2 no/yes, 0 both no
        // (the kappa paradox table of Gwet 2008). p_a = 118/125 = 0.944. Ratings: yes 123 + 120 = 243 of 250, pi_yes = 0.972,
        // pi_no = 0.028; p_e = (0.972 * 0.028 + 0.028 * 0.972) / (2 - 1) = 0.054432;
        // AC1 = (0.944 - 0.054432) / (1 - 0.054432) = 0.889568 / 0.945568 = 0.94077634...
        // Cohen's unweighted kappa of the same table: p_e = (123 * 120 + 2 * 5) / 125^2 = 0.94528, kappa = -0.0234 (below 0).
        int[] a = new int[125];
        int[] b = new int[125];
        for (int i = 0; i < 125; i++) {
            a[i] = i < 123 ? 1 : 0; // items 0..117 yes/yes, 118..122 yes/no, 123..124 no/yes
            b[i] = i < 118 || i >= 123 ? 1 : 0;
        }
        assertThat(Agreement.gwetAc1(a, b, 2)).isCloseTo(0.889568 / 0.945568, within(1e-12));
        // on 2 categories quadratic weights are unweighted kappa: 1 - 7 observed disagreements / (123*5 + 2*120)/125 expected
        assertThat(Agreement.quadraticKappa(a, b, 2)).isCloseTo(1 - 7 / 6.84, within(1e-12));
        assertThat(Agreement.gwetAc1(a, a, 2)).isEqualTo(1.0);
        assertThat(Agreement.gwetAc1(new int[0], new int[0], 3)).isNaN();
    }

    @Test
    void maeBandAgreementAndAc1OnBandsOfTheHandTable() {
        int[] h = {9, 8, 7, 6, 3, 5, 2};
        int[] v = {10, 9, 8, 8, 6, 5, 3}; // the totals above on the human scale
        // |h - v| = 1, 1, 1, 2, 3, 0, 1: MAE = 9/7
        assertThat(Agreement.meanAbsoluteError(h, v)).isCloseTo(9.0 / 7, within(1e-12));
        // bands (reject 0-3 = 0, borderline 4-6 = 1, accept 7-10 = 2): h 2,2,2,1,0,1,0; v 2,2,2,2,1,1,0: same in 5 of 7.
        // Ratings per band over both sides: reject 2 + 1 = 3, borderline 2 + 2 = 4, accept 3 + 4 = 7 of 14;
        // p_e = (3/14 * 11/14 + 4/14 * 10/14 + 7/14 * 7/14) / 2 = (33 + 40 + 49) / 196 / 2 = 61/196;
        // AC1 = (5/7 - 61/196) / (1 - 61/196) = (140 - 61) / (196 - 61) = 79/135
        int[] hb = {2, 2, 2, 1, 0, 1, 0};
        int[] vb = {2, 2, 2, 2, 1, 1, 0};
        for (int i = 0; i < h.length; i++) {
            assertThat(AgreementReport.band(h[i])).as("band of %d", h[i]).isEqualTo(hb[i]);
            assertThat(AgreementReport.band(v[i])).as("band of %d", v[i]).isEqualTo(vb[i]);
        }
        assertThat(Agreement.gwetAc1(hb, vb, 3)).isCloseTo(79.0 / 135, within(1e-12));
    }
}
