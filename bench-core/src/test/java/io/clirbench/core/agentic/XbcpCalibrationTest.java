package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.Calibration;
import io.clirbench.core.agentic.eval.LanguageRow;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.stats.Stats;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** XBCP's per-language calibration variant (METRICS.md §5, scripts_xbcp/16_eval_per_language.py) against hand calculations. */
class XbcpCalibrationTest {

    private static String[] ids(int n) {
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            ids[i] = String.format(Locale.ROOT, "q%03d", i);
        }
        return ids;
    }

    @Test
    void sevenAnswersUseBinsOfTwoWithTheLastStretched() {
        // n = 7: beta = min(100, max(7 // 3, 2)) = 2; 7 // 2 = 3 bins: [0,2), [2,4), [4,7) (the last stretched to n).
        // sorted confidences 10, 20 | 40, 50 | 70, 80, 90 with correct F, T | F, T | T, T, F:
        //   bin 0: |0.15 − 1/2| = 0.35 → 2/7 · 0.1225;  bin 1: |0.45 − 1/2| = 0.05 → 2/7 · 0.0025;
        //   bin 2: |0.8 − 2/3| = 2/15 → 3/7 · 4/225;  sum = (0.245 + 0.005 + 0.05333…)/7 = 13/300
        // 100 · sqrt(13/300) = 20.816659994661325 (every bin summed; BrowseComp-Plus would drop bin 2 and need 100 answers)
        double[] conf = {90, 10, 70, 40, 20, 80, 50}; // given unsorted
        boolean[] ok = {false, false, true, false, true, true, true};
        assertThat(Calibration.xbcp(conf, ok, ids(7))).isCloseTo(20.816659994661325, within(1e-9));
    }

    @Test
    void twoHundredFiftyAnswersUseBinsOf83() {
        // n = 250: beta = min(100, max(83, 2)) = 83; 3 bins [0,83), [83,166), [166,250).
        // 100 answers at confidence 10 all wrong (q000–q099), 150 at 90: q100–q219 right, q220–q249 wrong.
        //   bin 0: 83 at 0.1, none right: 83/250 · 0.01 = 0.00332
        //   bin 1: 17 at 0.1 + 66 at 0.9, 66 right: mean conf 61.1/83, accuracy 66/83, diff 4.9/83 → 83/250 · (4.9/83)² = 24.01/20750
        //   bin 2: 84 at 0.9, 54 right: diff 21.6/84 → 84/250 · (21.6/84)² = 466.56/21000
        // 100 · sqrt(0.00332 + 24.01/20750 + 466.56/21000) = 16.338375467248206
        int n = 250;
        double[] conf = new double[n];
        boolean[] ok = new boolean[n];
        for (int i = 0; i < n; i++) {
            conf[i] = i < 100 ? 10 : 90;
            ok[i] = i >= 100 && i < 220;
        }
        assertThat(Calibration.xbcp(conf, ok, ids(n))).isCloseTo(16.338375467248206, within(1e-9));
    }

    @Test
    void nanBelowTwoAnswersAndPerLanguageBelowSix() {
        assertThat(Calibration.xbcp(new double[] {80}, new boolean[] {true}, ids(1))).isNaN();
        assertThat(Calibration.xbcp(new double[0], new boolean[0], ids(0))).isNaN();
        // two answers: beta = 2, one bin: |0.5 − 0.5| = 0 → 0
        assertThat(Calibration.xbcp(new double[] {0, 100}, new boolean[] {true, false}, ids(2))).isCloseTo(0.0, within(1e-12));
        double[] five = {0, 0, 50, 50, 100};
        assertThat(Calibration.xbcpLanguage(five, new boolean[5], ids(5))).isNaN();
        // six: beta = 2, bins {0, 0} (F, T), {50, 50} (F, F), {100, 100} (T, T): diffs 0.5, 0.5, 0 → 2/6 · 0.25 · 2 = 1/6
        // 100 · sqrt(1/6) = 40.8248290463863
        double[] six = {0, 0, 50, 50, 100, 100};
        boolean[] ok = {false, true, false, false, true, true};
        assertThat(Calibration.xbcpLanguage(six, ok, ids(6))).isCloseTo(40.8248290463863, within(1e-9));
    }

    @Test
    void theXbcpVariantFillsThePerLanguageTableAndSaysSo() {
        // the documented-layout fixture: 2 answers per language under cross-lingual, fewer than 6 → NaN, shown as n/a
        AgentTask task = AgentTaskReader.read(ArchitectureLayoutTaskTest.TASK);
        AgentEvaluation e = AgentEvaluation.evaluate(task.id(), List.of(new AgentEvaluation.Input(
                        AgentBenchmark.of(task, "cross-lingual", null),
                        BcpRunReader.read(ArchitectureLayoutTaskTest.RUNS.resolve("cross-lingual"), "cl", true, true))),
                ScoringMode.BCP, null, Stats.of(0, 1), true);
        assertThat(e.calibrationVariant()).contains("XBCP 16_eval_per_language.py");
        assertThat(e.runs().get(0).byLanguage()).extracting(LanguageRow::calibrationError).containsOnlyNulls();
        assertThat(e.runs().get(0).byLanguage()).extracting(LanguageRow::queries).containsExactly(2, 2);
    }
}
