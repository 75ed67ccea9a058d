package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.Calibration;
import io.clirbench.core.agentic.eval.ScoringMode;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Calibration error (METRICS.md §5), ours and BrowseComp-Plus's, against hand calculations. */
class CalibrationTest {

    @Test
    void oursSumsEveryBinAndTheCompatibleVariantLeavesTheLastOut() {
        // 250 answers: 100 at confidence 10, all wrong; 150 at confidence 90, 120 right. Bins [0,100), [100,250).
        // bin 0: |0.1 − 0| = 0.1, weight 100/250 → 0.4 · 0.01 = 0.004; bin 1: |0.9 − 0.8| = 0.1, weight 0.6 → 0.006
        // ours: 100 · sqrt(0.010) = 10; BrowseComp-Plus: 100 · sqrt(0.004) = 6.324555320336759
        int n = 250;
        double[] conf = new double[n];
        boolean[] ok = new boolean[n];
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            conf[i] = i < 100 ? 10 : 90;
            ok[i] = i >= 100 && i < 220;
            ids[i] = String.format(Locale.ROOT, "q%03d", i);
        }
        assertThat(Calibration.error(conf, ok, ids, ScoringMode.DEFAULT)).isCloseTo(10.0, within(1e-9));
        assertThat(Calibration.error(conf, ok, ids, ScoringMode.BCP)).isCloseTo(6.324555320336759, within(1e-9));
    }

    @Test
    void belowOneHundredAnswersOursIsNotReportedAndTheCompatibleVariantIsZero() {
        double[] conf = new double[99];
        Arrays.fill(conf, 100);
        boolean[] ok = new boolean[99];
        String[] ids = new String[99];
        Arrays.setAll(ids, i -> "q" + i);
        assertThat(Calibration.error(conf, ok, ids, ScoringMode.DEFAULT)).isNull();
        assertThat(Calibration.error(conf, ok, ids, ScoringMode.BCP)).isEqualTo(0.0);
    }

    @Test
    void tiedConfidencesAreOrderedByQueryIdWhateverTheInputOrder() {
        // 200 answers at confidence 50; q000..q099 right, q100..q199 wrong, given in reverse order.
        // sorted by id: bin 0 all right (|0.5 − 1| = 0.5), bin 1 all wrong (0.5): 100 · sqrt(0.5·0.25 + 0.5·0.25) = 50
        int n = 200;
        double[] conf = new double[n];
        boolean[] ok = new boolean[n];
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            int id = n - 1 - i;
            conf[i] = 50;
            ok[i] = id < 100;
            ids[i] = String.format(Locale.ROOT, "q%03d", id);
        }
        assertThat(Calibration.error(conf, ok, ids, ScoringMode.DEFAULT)).isCloseTo(50.0, within(1e-9));
    }
}
