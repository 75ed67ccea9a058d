package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The family sign-flip test against the exact permutation distribution, enumerated in the test. */
class SignFlipPermutationTest {

    @Test
    void monteCarloPMatchesTheExactEnumerationOfEverySignPattern() {
        // 12 families, each with one query in 'en' and one in 'de' (30+ queries are needed to get a p):
        // 36 queries = 12 families x 3 queries (2 en + 1 de). Differences chosen by hand.
        List<String> langs = new ArrayList<>();
        List<String> families = new ArrayList<>();
        double[] d = new double[36];
        double[] familyEffect = {0.5, 0.3, -0.1, 0.4, 0.2, 0.0, 0.6, -0.2, 0.1, 0.3, 0.25, -0.05};
        int q = 0;
        for (int f = 0; f < 12; f++) {
            for (String lang : new String[] {"en", "en", "de"}) {
                langs.add(lang);
                families.add("f" + f);
                d[q++] = familyEffect[f] + (lang.equals("de") ? 0.1 : 0.0);
            }
        }
        ClusterFrame frame = ClusterFrame.of(langs, families);
        // Exact: T*(s) = balanced mean of the sign-flipped differences, over all 2^12 patterns (straightforward code).
        double observed = balancedMean(langs, families, d, 0);
        int extreme = 0;
        for (int pattern = 0; pattern < 4096; pattern++) {
            if (Math.abs(balancedMean(langs, families, d, pattern)) >= Math.abs(observed) - 1e-12) {
                extreme++;
            }
        }
        double exact = extreme / 4096.0;
        SignFlipPermutation.Result result = new SignFlipPermutation(10_000, 5L).test(frame, d);
        assertThat(result.statistic()).isCloseTo(observed, within(1e-12));
        // Monte-Carlo p = (1 + hits) / (B + 1) ~ exact, standard error sqrt(p(1-p)/B) < 0.005.
        assertThat(result.p()).isCloseTo(exact, within(0.01));
        assertThat(result.families()).isEqualTo(12);
    }

    @Test
    void tooFewPairsGiveNoPValueAndSayWhy() {
        ClusterFrame frame = ClusterFrame.of(List.of("en", "en", "de"), List.of("a", "b", "c"));
        SignFlipPermutation.Result result = new SignFlipPermutation(1000, 1L).test(frame, new double[] {1, 0, 1});
        assertThat(result.p()).isNull();
        assertThat(result.noPValueReason()).contains("paired n = 3 < 30");
    }

    /** The balanced mean with family f's values negated when bit f of the pattern is set. */
    private static double balancedMean(List<String> langs, List<String> families, double[] d, int pattern) {
        double enSum = 0;
        int enCount = 0;
        double deSum = 0;
        int deCount = 0;
        for (int i = 0; i < d.length; i++) {
            int f = Integer.parseInt(families.get(i).substring(1));
            double v = ((pattern >> f) & 1) == 1 ? -d[i] : d[i];
            if (langs.get(i).equals("en")) {
                enSum += v;
                enCount++;
            } else {
                deSum += v;
                deCount++;
            }
        }
        return (enSum / enCount + deSum / deCount) / 2;
    }
}
