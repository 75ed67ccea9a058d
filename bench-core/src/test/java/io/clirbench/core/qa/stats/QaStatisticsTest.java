package io.clirbench.core.qa.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Intervals and paired tests on synthetic instances whose outcomes are known by construction. */
class QaStatisticsTest {

    // 40 sources x 2 languages, all fully monolingual; system "good" answers right, "half" right on even sources
    private static List<QaInstance> instances() {
        List<QaInstance> out = new ArrayList<>();
        for (int s = 0; s < 40; s++) {
            for (String lang : List.of("en", "de")) {
                out.add(new QaInstance("q" + s + lang, "s" + s, null, null, null, "Q", "alpha", lang, lang,
                        List.of(new Candidate("p0", "T", List.of("x"), lang, null, null), new Candidate("p1", "U", List.of("y"), lang, null, null)),
                        List.of(new SupportingFact("p0", 0, null)), null, null));
            }
        }
        return out;
    }

    private static QaResult run(List<QaInstance> gold, boolean half) {
        Map<String, QaPrediction> p = new HashMap<>();
        for (QaInstance i : gold) {
            int s = Integer.parseInt(i.sourceId().substring(1));
            boolean right = !half || s % 2 == 0;
            p.put(i.id(), new QaPrediction(i.id(), right ? "alpha" : "beta", Set.of(new FactKey("p0", 0)), false));
        }
        QaEvaluator e = new QaEvaluator(Protocol.UNICODE, p);
        gold.forEach(e::accept);
        return e.finish();
    }

    @Test
    void constantScoresFallBackToThePercentileIntervalAndTheMeanIsInsideOthers() {
        List<QaInstance> gold = instances();
        Map<String, QaResult> systems = new LinkedHashMap<>();
        systems.put("good", run(gold, false));
        systems.put("half", run(gold, true));
        QaStatistics.Outcome out = new QaStatistics(new Stats(2000, 7)).compute(systems);
        F1Interval good = find(out, "good", "overall", "answer");
        // every answer F1 is 1: replicates all 1, z0 degenerate -> percentile [1, 1] (METRICS.md §3)
        assertThat(good.interval().method()).isEqualTo("percentile");
        assertThat(good.interval().low()).isEqualTo(1.0);
        F1Interval half = find(out, "half", "overall", "answer");
        // half the sources right in both languages: balanced mean (0.5 + 0.5) / 2 = 0.5
        assertThat(half.balanced()).isEqualTo(0.5);
        assertThat(half.interval().low()).isLessThan(0.5);
        assertThat(half.interval().high()).isGreaterThan(0.5);
        assertThat(half.clusters()).isEqualTo(40);
        assertThat(half.languages()).isEqualTo(2);
    }

    @Test
    void aDifferenceOfOneSignOnEveryFamilyHasTheSmallestPossiblePValue() {
        List<QaInstance> gold = instances();
        Map<String, QaResult> systems = new LinkedHashMap<>();
        systems.put("good", run(gold, false));
        systems.put("half", run(gold, true));
        QaStatistics.Outcome out = new QaStatistics(new Stats(999, 7)).compute(systems);
        PairedComparison answer = out.comparisons().stream()
                .filter(c -> c.component().equals("answer") && c.domain().equals("overall")).findFirst().orElseThrow();
        // differences are 1 on the 20 odd sources and 0 elsewhere: only the sign pattern of those 20 families
        // matters, and |T*| reaches |T_obs| = 0.5 only when all 20 signs agree (probability 2 / 2^20 per
        // replicate), so with B = 999 the count is 0 but for a 0.2% chance: p = 1 / 1000
        assertThat(answer.difference()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(answer.p()).isEqualTo(1.0 / 1000);
        assertThat(answer.n()).isEqualTo(80);
        // one condition present: Holm over one test leaves it as is
        PairedComparison condition = out.comparisons().stream()
                .filter(c -> c.component().equals("answer") && c.domain().equals("fully-monolingual")).findFirst().orElseThrow();
        assertThat(condition.pHolm()).isEqualTo(condition.p());
    }

    @Test
    void filesScoredOnDifferentInstancesAreRefused() {
        List<QaInstance> gold = instances();
        Map<String, QaResult> systems = new LinkedHashMap<>();
        systems.put("a", run(gold, false));
        systems.put("b", run(gold.subList(0, 10), false));
        assertThatThrownBy(() -> new QaStatistics(new Stats(100, 1)).compute(systems)).hasMessageContaining("not scored on the same instances");
    }

    private static F1Interval find(QaStatistics.Outcome out, String system, String domain, String component) {
        return out.intervals().stream().filter(i -> i.system().equals(system) && i.domain().equals(domain) && i.component().equals(component))
                .findFirst().orElseThrow();
    }
}
