package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.agentic.eval.ResourceGroups;
import io.clirbench.core.agentic.eval.RunScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Resource groups by hand: high (de) answers right 3 of 4, low (fr, ar) 1 of 5 and 0 of 1; high − low accuracy =
 * 0.75 − 1/6. The interval resamples each group's queries apart: on the search calls (distinct values, so BCa and the
 * percentile interval nearly agree) checked against a two-sample percentile bootstrap written here (20,000 resamples).
 */
class ResourceGroupsTest {

    private static AgentQueryScore score(String id, String lang, boolean correct, Double recall, int calls) {
        return new AgentQueryScore(id, lang, true, true, recall, null, calls, 0, Map.of("search", calls), "x", 50.0, correct, List.of(),
                null, null);
    }

    @Test
    void groupMeansAndHighMinusLowWithAnIntervalThatResamplesEachGroupApart() {
        boolean[] high = {true, true, false, true};
        boolean[] low = {false, false, true, false, false, false};
        List<AgentQueryScore> qs = new ArrayList<>();
        int[] highCalls = {1, 3, 4, 8};
        int[] lowCalls = {2, 5, 6, 9, 11, 15};
        for (int i = 0; i < high.length; i++) {
            qs.add(score("h" + i, "de", high[i], 0.5, highCalls[i]));
        }
        for (int i = 0; i < low.length; i++) {
            qs.add(score("l" + i, i == 5 ? "ar" : "fr", low[i], i < 2 ? 1.0 : 0.0, lowCalls[i]));
        }
        qs.add(score("x", "en", true, 1.0, 1)); // in no group
        ResourceGroups g = ResourceGroups.of(new RunScores("r", null, qs, List.of(), List.of()),
                Map.of("high", List.of("de"), "low", List.of("fr", "ar")), 2000, 42);

        ResourceGroups.Group h = g.groups().stream().filter(x -> x.name().equals("high")).findFirst().orElseThrow();
        ResourceGroups.Group l = g.groups().stream().filter(x -> x.name().equals("low")).findFirst().orElseThrow();
        assertThat(h.queries()).isEqualTo(4);
        assertThat(l.queries()).isEqualTo(6);
        assertThat(h.accuracy()).isCloseTo(0.75, within(1e-12));
        assertThat(l.accuracy()).isCloseTo(1 / 6.0, within(1e-12));
        assertThat(l.evidenceRecall()).isCloseTo(2 / 6.0, within(1e-12));
        assertThat(h.searchCalls()).isCloseTo(4.0, within(1e-12)); // (1 + 3 + 4 + 8) / 4
        assertThat(l.searchCalls()).isCloseTo(8.0, within(1e-12)); // (2 + 5 + 6 + 9 + 11 + 15) / 6
        ResourceGroups.Difference acc = g.differences().stream().filter(d -> d.metric().equals("accuracy")).findFirst().orElseThrow();
        assertThat(acc.difference()).isCloseTo(0.75 - 1 / 6.0, within(1e-12));
        ResourceGroups.Difference recall = g.differences().stream().filter(d -> d.metric().equals("evidence recall")).findFirst().orElseThrow();
        assertThat(recall.difference()).isCloseTo(0.5 - 2 / 6.0, within(1e-12));

        assertThat(acc.interval().low()).isLessThan(acc.difference());
        assertThat(acc.interval().high()).isGreaterThan(acc.difference());

        // an independent two-sample percentile bootstrap of the search-call difference, 4 − 8 = −4
        ResourceGroups.Difference calls = g.differences().stream().filter(d -> d.metric().equals("search calls")).findFirst().orElseThrow();
        assertThat(calls.difference()).isCloseTo(-4.0, within(1e-12));
        SplittableRandom random = new SplittableRandom(7);
        double[] reps = new double[20_000];
        for (int r = 0; r < reps.length; r++) {
            reps[r] = resampledMean(highCalls, random) - resampledMean(lowCalls, random);
        }
        Arrays.sort(reps);
        double lo = reps[(int) (0.025 * reps.length)];
        double hi = reps[(int) (0.975 * reps.length) - 1];
        assertThat(calls.interval().low()).isCloseTo(lo, within(1.0));
        assertThat(calls.interval().high()).isCloseTo(hi, within(1.0));
    }

    private static double resampledMean(int[] values, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[random.nextInt(values.length)];
        }
        return sum / values.length;
    }
}
