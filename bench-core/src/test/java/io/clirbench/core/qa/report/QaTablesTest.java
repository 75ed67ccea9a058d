package io.clirbench.core.qa.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.qa.stats.QaStatistics;
import io.clirbench.core.stats.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The QA tables show what was measured: a system that predicted no answer (a selector without a reader) gets the
 * selection measures and the report says how to add a reader; one that predicted answers gets every component. Expected
 * values are hand calculations on three English instances (comments), scored under protocol unicode.
 */
class QaTablesTest {

    private static final List<String> SELECTION_HEADER = List.of("condition", "n", "support P", "support R", "support F1",
            "macro [95% CI]", "support EM", "answer-para R");
    private static final List<String> READER_HEADER = List.of("condition", "n", "answer F1", "macro [95% CI]", "support F1",
            "macro [95% CI]", "joint F1", "macro [95% CI]", "joint EM");

    // i1: gold (p0,0) role answer + (p0,1); i2: gold (p1,0) role answer; i3: gold (p0,0) without role (no answer-bearing
    // paragraph). Every candidate is English, as the questions: condition S0 fully-monolingual, script relation same-script.
    private static List<QaInstance> gold() {
        return List.of(
                instance("i1", "alpha", new SupportingFact("p0", 0, "answer"), new SupportingFact("p0", 1, "support")),
                instance("i2", "beta gamma", new SupportingFact("p1", 0, "answer")),
                instance("i3", "delta", new SupportingFact("p0", 0, null)));
    }

    private static QaInstance instance(String id, String answer, SupportingFact... facts) {
        List<Candidate> candidates = List.of(new Candidate("p0", "T0", List.of("a.", "b."), "en", null, null),
                new Candidate("p1", "T1", List.of("c."), "en", null, null));
        return new QaInstance(id, "s-" + id, null, null, null, "Q?", answer, "en", "en", candidates, List.of(facts), null, null);
    }

    /** Both systems select (p0,0) everywhere; the reader also answers "alpha", "beta" and "" (answers are given: it read). */
    private static QaResult score(boolean reader) {
        Map<String, QaPrediction> predictions = new LinkedHashMap<>();
        List<String> answers = reader ? List.of("alpha", "beta", "") : List.of("", "", "");
        List<QaInstance> gold = gold();
        for (int i = 0; i < gold.size(); i++) {
            String id = gold.get(i).id();
            predictions.put(id, new QaPrediction(id, answers.get(i), Set.of(new FactKey("p0", 0)), false));
        }
        QaEvaluator evaluator = new QaEvaluator(Protocol.UNICODE, predictions);
        gold.forEach(evaluator::accept);
        return evaluator.finish();
    }

    private static QaRun run(Stats stats, String... systems) {
        Map<String, QaResult> results = new LinkedHashMap<>();
        Map<String, String> files = new LinkedHashMap<>();
        for (String s : systems) {
            results.put(s, score(s.startsWith("reader")));
            files.put(s, s + ".jsonl");
        }
        QaStatistics.Outcome statistics = stats.enabled() ? new QaStatistics(stats).compute(results) : null;
        return new QaRun("tiny", Protocol.UNICODE, results, files, statistics, stats.bootstrap(), stats.seed());
    }

    @Test
    void aSelectorWithoutReaderGetsTheSelectionMeasuresAndTheLineThatSaysHowToAddAReader() {
        QaRun run = run(new Stats(0, 7), "selector");

        assertThat(QaTables.conditionHeader(run, "selector")).isEqualTo(SELECTION_HEADER);
        // support per instance (predicted {(p0,0)}): i1 P 1/1, R 1/2, F1 2/3, EM 0; i2 P 0, R 0, F1 0, EM 0; i3 P 1, R 1,
        // F1 1, EM 1 -> P (1+0+1)/3 = 0.6667, R (0.5+0+1)/3 = 0.5, F1 (2/3+0+1)/3 = 5/9 = 0.5556, EM 1/3 = 0.3333.
        // answer-bearing paragraphs: i1 {p0} selected -> 1; i2 {p1} not selected -> 0; i3 none (left out) -> (1+0)/2 = 0.5.
        // No interval without statistics: empty cell.
        List<String> overall = List.of("overall", "3", "0.6667", "0.5000", "0.5556", "", "0.3333", "0.5000");
        assertThat(QaTables.conditions(run, "selector")).containsExactly(overall,
                List.of("S0 fully-monolingual", "3", "0.6667", "0.5000", "0.5556", "", "0.3333", "0.5000"));
        assertThat(QaTables.scriptRelations(run, "selector")).containsExactly(
                List.of("same-script", "3", "0.6667", "0.5000", "0.5556", "", "0.3333", "0.5000"));

        String console = QaReportBundle.console(run);
        assertThat(console).doesNotContain("answer F1", "joint F1", "joint EM")
                .containsPattern("(?m)^condition +n +support P +support R +support F1 +macro \\[95% CI\\] +support EM +answer-para R$")
                .containsPattern("(?m)^overall +3 +0\\.6667 +0\\.5000 +0\\.5556 +0\\.3333 +0\\.5000$")
                .contains("No system predicted an answer (no reader ran), so the tables show selection measures only (the answer and "
                        + "joint scores of empty answers stay in report.json). To add a reader: ./bench qa run --dataset DIR --reader NAME");
        assertThat(console.lines().filter(l -> l.contains("To add a reader"))).hasSize(1);
        assertThat(QaReportBundle.markdown(run)).doesNotContain("answer F1").contains("| support P |", "To add a reader");
        assertThat(QaHtmlReport.render(run)).doesNotContain("<th>answer F1</th>", "Answer F1 of selector").contains("To add a reader");
    }

    @Test
    void aSystemThatAnsweredGetsEveryComponentAsBeforeAndNoReaderLine() {
        QaRun run = run(new Stats(0, 7), "reader");

        assertThat(QaTables.conditionHeader(run, "reader")).isEqualTo(READER_HEADER);
        // answer: i1 "alpha" = gold, F1 1; i2 "beta" vs "beta gamma": P 1, R 1/2, F1 2/3; i3 "" vs "delta": 0
        // -> answer F1 (1 + 2/3 + 0)/3 = 5/9 = 0.5556. support F1 5/9 as above.
        // joint: i1 P 1*1, R 1*0.5, F1 2/3, EM 1*0; i2 support 0 -> 0; i3 answer 0 -> 0 -> joint F1 (2/3)/3 = 0.2222, EM 0.
        assertThat(QaTables.conditions(run, "reader").get(0))
                .isEqualTo(List.of("overall", "3", "0.5556", "", "0.5556", "", "0.2222", "", "0.0000"));
        String console = QaReportBundle.console(run);
        assertThat(console).containsPattern("(?m)^condition +n +answer F1 +macro \\[95% CI\\] +support F1 +macro \\[95% CI\\] +joint F1 "
                + "+macro \\[95% CI\\] +joint EM$").doesNotContain("To add a reader", "answer-para R");
    }

    @Test
    void inAMixedRunEachSystemGetsItsOwnColumnsAndTheLineNamesTheSelectors() {
        QaRun run = run(new Stats(0, 7), "selector", "reader");

        assertThat(QaTables.conditionHeader(run, "selector")).isEqualTo(SELECTION_HEADER);
        assertThat(QaTables.conditionHeader(run, "reader")).isEqualTo(READER_HEADER);
        assertThat(QaReportBundle.console(run)).contains("selector predicted no answer (no reader ran), so their tables show "
                + "selection measures only");
    }

    @Test
    void twoSelectorsGetNoAnswerOrJointComparisonsAndNoFallbackNotesAboutThem() {
        QaRun run = run(new Stats(200, 7), "selector", "selector-2");

        // both tested components (answer, joint) are F1 0 on every example of both: nothing measured to compare
        assertThat(run.comparisons()).isNotEmpty();
        assertThat(QaTables.shownComparisons(run)).isEmpty();
        String console = QaReportBundle.console(run);
        assertThat(console).doesNotContain("comparison", "Tests:", "overall answer", "overall joint");
        List<String> notes = new ArrayList<>(QaTables.notes(run));
        assertThat(notes.get(0)).startsWith("No system predicted an answer");
    }
}
