package io.clirbench.core.agentic;

import static io.clirbench.core.agentic.AgentFixtures.question;
import static io.clirbench.core.agentic.AgentFixtures.search;
import static io.clirbench.core.agentic.AgentFixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.ConfigurationComparison;
import io.clirbench.core.agentic.eval.ConfigurationComparison.Row;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.report.ConfigurationComparisonReport;
import io.clirbench.core.model.Document;
import io.clirbench.core.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** XBCP's comparison across configurations (METRICS.md §5), against tables worked by hand. */
class ConfigurationComparisonTest {

    private static ConfigurationComparison fixture(int bootstrap) {
        AgentTask task = AgentTaskReader.read(ArchitectureLayoutTaskTest.TASK);
        List<AgentEvaluation.Input> inputs = new ArrayList<>();
        for (String c : List.of("original", "cross-lingual", "multilingual")) {
            inputs.add(new AgentEvaluation.Input(AgentBenchmark.of(task, c, null),
                    BcpRunReader.read(ArchitectureLayoutTaskTest.RUNS.resolve(c), c, true)));
        }
        return ConfigurationComparison.of(AgentEvaluation.evaluate(task.id(), inputs, ScoringMode.DEFAULT,
                task.corpus().stream().map(Document::id).collect(Collectors.toSet()), Stats.of(bootstrap, 42)));
    }

    private static void row(Row r, int n, double acc, Double refAcc, Double dAcc, double rec, Double refRec, Double dRec) {
        String what = r.configuration() + "/" + r.language();
        assertThat(r.queries()).as(what + " N").isEqualTo(n);
        assertThat(r.accuracy()).as(what + " accuracy").isCloseTo(acc, within(1e-12));
        assertThat(r.evidenceRecall()).as(what + " recall").isCloseTo(rec, within(1e-12));
        if (dAcc == null) {
            assertThat(r.accuracyDifference()).as(what).isNull();
            return;
        }
        assertThat(r.referenceAccuracy()).as(what + " original accuracy").isCloseTo(refAcc, within(1e-12));
        assertThat(r.referenceRecall()).as(what + " original recall").isCloseTo(refRec, within(1e-12));
        assertThat(r.accuracyDifference().difference()).as(what + " Δ accuracy").isCloseTo(dAcc, within(1e-12));
        assertThat(r.recallDifference().difference()).as(what + " Δ recall").isCloseTo(dRec, within(1e-12));
    }

    @Test
    void perEvidenceLanguageEachConfigurationAgainstOriginalOnTheSameQueries() {
        // per query (ArchitectureLayoutTaskTest): original q1–q4 all right, recall 1 each.
        // cross-lingual: q1 de right 1, q2 ar wrong 0, q3 de right 0, q4 ar wrong 1.
        // multilingual: q1 ar right 1, q2 de wrong 1, q3 ar wrong 0, q4 mixed right 0.5.
        ConfigurationComparison c = fixture(0);
        assertThat(c.reference()).isEqualTo("original");
        assertThat(c.agent()).isEqualTo("hand");
        Map<String, Row> rows = new LinkedHashMap<>();
        c.rows().forEach(r -> rows.put(r.configuration() + "/" + r.language(), r));
        assertThat(rows.keySet()).containsExactly("original/en", "original/all", "cross-lingual/ar", "cross-lingual/de",
                "cross-lingual/all", "multilingual/ar", "multilingual/de", "multilingual/mixed", "multilingual/all");
        row(rows.get("original/en"), 4, 1, null, null, 1, null, null);
        // ar = {q2, q4}: accuracy 0 vs 1 → −1; recall (0 + 1)/2 = 0.5 vs 1 → −0.5
        row(rows.get("cross-lingual/ar"), 2, 0, 1.0, -1.0, 0.5, 1.0, -0.5);
        // de = {q1, q3}: accuracy 1 vs 1 → 0; recall (1 + 0)/2 vs 1 → −0.5
        row(rows.get("cross-lingual/de"), 2, 1, 1.0, 0.0, 0.5, 1.0, -0.5);
        row(rows.get("cross-lingual/all"), 4, 0.5, 1.0, -0.5, 0.5, 1.0, -0.5);
        // ar = {q1, q3}: accuracy 1/2 → −0.5, recall (1 + 0)/2 → −0.5; de = {q2}: −1, 0; mixed = {q4}: 0, −0.5
        row(rows.get("multilingual/ar"), 2, 0.5, 1.0, -0.5, 0.5, 1.0, -0.5);
        row(rows.get("multilingual/de"), 1, 0, 1.0, -1.0, 1.0, 1.0, 0.0);
        row(rows.get("multilingual/mixed"), 1, 1, 1.0, 0.0, 0.5, 1.0, -0.5);
        // all: recall (1 + 1 + 0 + 0.5)/4 = 0.625 → −0.375
        row(rows.get("multilingual/all"), 4, 0.5, 1.0, -0.5, 0.625, 1.0, -0.375);
        assertThat(rows.get("multilingual/all").accuracyDifference().note()).contains("--bootstrap 0");
        // the forms
        String console = ConfigurationComparisonReport.console(c);
        assertThat(console).contains("Across configurations", "Δ accuracy", "cross-lingual", "-0.375");
        assertThat(ConfigurationComparisonReport.markdown(c)).contains("| multilingual | mixed | 1 |");
        assertThat(ConfigurationComparisonReport.html(c)).contains("<figure class=\"configuration-differences\">", "<svg");
        assertThat(ConfigurationComparisonReport.render(c)).containsOnlyKeys("report.json", "report.md", "report.html");
        assertThat(ConfigurationComparisonReport.render(c).get("report.json")).contains("\"reference\" : \"original\"");
    }

    /** 80 questions, 40 with de and 40 with ar evidence under cross-lingual; original right with recall 1 on all. */
    @Test
    void pValuesAreHolmAdjustedOverEveryDifferenceShown() {
        List<GroundTruth> questions = new ArrayList<>();
        Map<String, List<EvidenceQrels.Line>> qrels = new LinkedHashMap<>();
        Map<String, String> original = new HashMap<>();
        Map<String, String> cross = new HashMap<>();
        List<AgentTrace> ref = new ArrayList<>();
        List<AgentTrace> cl = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            String id = String.format("q%02d", i);
            questions.add(question(id, "x"));
            qrels.put(id, List.of(new EvidenceQrels.Line("d" + i, 1)));
            original.put(id, "en");
            boolean de = i < 40;
            cross.put(id, de ? "de" : "ar");
            int j = de ? i : i - 40;
            ref.add(trace(id, List.of(search("d" + i)), List.of("d" + i), "Exact Answer: x"));
            // de: 30 of 40 right, 20 of 40 evidence found; ar: 10 of 40 right, 10 found
            boolean right = de ? j < 30 : j < 10;
            boolean found = de ? j < 20 : j < 10;
            cl.add(trace(id, List.of(search(found ? "d" + i : "n")), List.of(), right ? "Exact Answer: x" : "Exact Answer: y"));
        }
        EvidenceQrels ev = EvidenceQrels.of(qrels);
        AgentEvaluation e = AgentEvaluation.evaluate("t", List.of(
                        new AgentEvaluation.Input(new AgentBenchmark(questions, ev, null, Map.of(), original, Map.of(), null, "original"),
                                new AgentRun("o", null, ref, List.of())),
                        new AgentEvaluation.Input(new AgentBenchmark(questions, ev, null, Map.of(), cross, Map.of(), null, "cross-lingual"),
                                new AgentRun("c", null, cl, List.of()))),
                ScoringMode.DEFAULT, null, Stats.of(2000, 42));
        ConfigurationComparison c = ConfigurationComparison.of(e);
        List<Row> diffs = c.rows().stream().filter(r -> r.accuracyDifference() != null).toList();
        assertThat(diffs).extracting(Row::language).containsExactly("ar", "de", "all");
        // differences: ar accuracy 10/40 − 1 = −0.75, recall −0.75; de −0.25, −0.5; all −0.5, −0.625
        double[] expected = {-0.75, -0.75, -0.25, -0.5, -0.5, -0.625};
        double[] p = new double[6];
        double[] holm = new double[6];
        for (int k = 0; k < 3; k++) {
            Row r = diffs.get(k);
            assertThat(r.accuracyDifference().difference()).isCloseTo(expected[2 * k], within(1e-12));
            assertThat(r.recallDifference().difference()).isCloseTo(expected[2 * k + 1], within(1e-12));
            p[2 * k] = r.accuracyDifference().p();
            p[2 * k + 1] = r.recallDifference().p();
            holm[2 * k] = r.accuracyDifference().pHolm();
            holm[2 * k + 1] = r.recallDifference().pHolm();
        }
        // every difference is all one sign over ≥ 10 non-tied queries: far below 0.05
        assertThat(Arrays.stream(p).max().orElseThrow()).isLessThan(0.01);
        // Holm by hand over the six: sort ascending, the i-th times (6 − i), running maximum, capped at 1
        Integer[] order = {0, 1, 2, 3, 4, 5};
        Arrays.sort(order, (a, b) -> Double.compare(p[a], p[b]));
        double running = 0;
        for (int i = 0; i < 6; i++) {
            running = Math.max(running, Math.min(1, p[order[i]] * (6 - i)));
            assertThat(holm[order[i]]).as("Holm of comparison " + order[i]).isCloseTo(running, within(1e-12));
        }
    }

    @Test
    void theRunsMustBeOnePerConfigurationWithAnOriginal() {
        AgentTask task = AgentTaskReader.read(ArchitectureLayoutTaskTest.TASK);
        AgentRun cross = BcpRunReader.read(ArchitectureLayoutTaskTest.RUNS.resolve("cross-lingual"), "cl", true);
        AgentEvaluation noOriginal = AgentEvaluation.evaluate(task.id(), List.of(
                new AgentEvaluation.Input(AgentBenchmark.of(task, "cross-lingual", null), cross)), ScoringMode.DEFAULT, null, Stats.of(0, 1));
        assertThatThrownBy(() -> ConfigurationComparison.of(noOriginal))
                .hasMessageContaining("no run under configuration 'original' (runs are under [cross-lingual])");
        AgentEvaluation twice = AgentEvaluation.evaluate(task.id(), List.of(
                new AgentEvaluation.Input(AgentBenchmark.of(task, "cross-lingual", null), cross),
                new AgentEvaluation.Input(AgentBenchmark.of(task, "cross-lingual", null), cross)), ScoringMode.DEFAULT, null, Stats.of(0, 1));
        assertThatThrownBy(() -> ConfigurationComparison.of(twice)).hasMessageContaining("are both under configuration 'cross-lingual'");
    }
}
