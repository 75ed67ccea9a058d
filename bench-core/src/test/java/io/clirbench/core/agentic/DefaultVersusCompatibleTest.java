package io.clirbench.core.agentic;

import static io.clirbench.core.agentic.AgentFixtures.getDocument;
import static io.clirbench.core.agentic.AgentFixtures.qrels;
import static io.clirbench.core.agentic.AgentFixtures.question;
import static io.clirbench.core.agentic.AgentFixtures.run;
import static io.clirbench.core.agentic.AgentFixtures.search;
import static io.clirbench.core.agentic.AgentFixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentScorer;
import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.agentic.eval.RunScores;
import io.clirbench.core.agentic.eval.RunSummary;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.Judgement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each place where our default mode differs from the BrowseComp-Plus compatible mode (METRICS.md §5), on a small
 * hand-made case; every expected value is worked out in the comment beside it.
 */
class DefaultVersusCompatibleTest {

    private static AgentQueryScore only(AgentBenchmark b, AgentRun r, ScoringMode mode, Set<String> corpus) {
        return AgentScorer.score(b, r, mode, corpus).queries().get(0);
    }

    @Test
    void recallCountsSearchResultsByDefaultButTheRetrievedDocidsFieldInCompatibleMode() {
        // evidence {d1, d2}; search returned d1; get_document read d2, and the file's retrieved_docids lists both
        AgentBenchmark b = AgentBenchmark.corpusLess(List.of(question("1", "x")), qrels("1:d1:1", "1:d2:1"), null, null);
        AgentRun r = run(trace("1", List.of(search("d1", "d9"), getDocument("d2")), List.of("d1", "d9", "d2"), "Exact Answer: x"));
        assertThat(only(b, r, ScoringMode.DEFAULT, null).evidenceRecall()).isEqualTo(0.5); // 1 of 2
        assertThat(only(b, r, ScoringMode.BCP, null).evidenceRecall()).isEqualTo(1.0);     // 2 of 2
    }

    @Test
    void compatibleModeCountsEveryQrelsLineIncludingDuplicatesAndGradeZero() {
        // lines: d1 (1), d1 again (1), d2 (0), d3 (1); retrieved d1, d2
        AgentBenchmark b = AgentBenchmark.corpusLess(List.of(question("1", "x")),
                qrels("1:d1:1", "1:d1:1", "1:d2:0", "1:d3:1"), null, null);
        AgentRun r = run(trace("1", List.of(search("d1", "d2")), List.of("d1", "d2"), "Exact Answer: x"));
        // default: relevant = {d1, d3}, found d1: 1/2; compatible: |{d1,d2} ∩ {d1,d2,d3}| / 4 lines = 2/4
        assertThat(only(b, r, ScoringMode.DEFAULT, null).evidenceRecall()).isEqualTo(0.5);
        assertThat(only(b, r, ScoringMode.BCP, null).evidenceRecall()).isEqualTo(0.5);
        // with d2 not retrieved: default still 1/2, compatible 1/4
        AgentRun r2 = run(trace("1", List.of(search("d1")), List.of("d1"), "Exact Answer: x"));
        assertThat(only(b, r2, ScoringMode.DEFAULT, null).evidenceRecall()).isEqualTo(0.5);
        assertThat(only(b, r2, ScoringMode.BCP, null).evidenceRecall()).isEqualTo(0.25);
    }

    @Test
    void citationsAreCorpusCheckedByDefaultAndDigitRunsInCompatibleMode() {
        // a task corpus of string ids; evidence en/p042 (family p042); the answer cites [de/p042], a year [2019]
        // and [12, 31] (not corpus ids)
        AgentBenchmark b = new AgentBenchmark(List.of(question("1", "x")), qrels("1:en/p042:1"), null,
                Map.of("en/p042", "p042", "de/p042", "p042", "en/p007", "p007"), Map.of("1", "de"), Map.of(), null, "cross-lingual");
        String answer = "As [de/p042] shows (since [2019]; see also [12, 31]).\nExact Answer: x\nConfidence: 80%";
        AgentRun r = run(trace("1", List.of(search("de/p042")), List.of("de/p042"), answer));
        Set<String> corpus = Set.of("en/p042", "de/p042", "en/p007");
        AgentQueryScore ours = only(b, r, ScoringMode.DEFAULT, corpus);
        assertThat(ours.cited()).containsExactly("de/p042");
        assertThat(ours.citationPrecision()).isEqualTo(1.0); // de/p042 is the evidence family
        assertThat(ours.citationRecall()).isEqualTo(1.0);
        assertThat(ours.evidenceRecall()).isEqualTo(1.0);    // any language version of the evidence counts
        AgentQueryScore bcp = only(b, r, ScoringMode.BCP, corpus);
        // digit runs: 042 (from de/p042), 2019, 12, 31; none equals the docid string en/p042
        assertThat(bcp.cited()).containsExactlyInAnyOrder("042", "2019", "12", "31");
        assertThat(bcp.citationPrecision()).isEqualTo(0.0);
        assertThat(bcp.evidenceRecall()).isEqualTo(0.0);     // docids compared as strings: de/p042 ≠ en/p042
    }

    @Test
    void accuracyIsOverEveryQuestionByDefaultAndOverTheRunFilesInCompatibleMode() {
        // 4 questions, runs for 2 of them, both correct by the exact-match rule
        List<GroundTruth> questions = List.of(question("1", "Paris"), question("2", "Rome"), question("3", "Oslo"), question("4", "Bern"));
        AgentBenchmark b = AgentBenchmark.corpusLess(questions, qrels("1:d1:1", "2:d2:1", "3:d3:1", "4:d4:1"), null, null);
        AgentRun r = run(trace("1", List.of(search("d1")), List.of("d1"), "Exact Answer: Paris"),
                trace("2", List.of(search("d2")), List.of("d2"), "Exact Answer: the rome."));
        RunSummary ours = RunSummary.of(AgentScorer.score(b, r, ScoringMode.DEFAULT, null), ScoringMode.DEFAULT);
        RunSummary bcp = RunSummary.of(AgentScorer.score(b, r, ScoringMode.BCP, null), ScoringMode.BCP);
        assertThat(ours.accuracy()).isEqualTo(0.5); // 2 of 4 questions; "the rome." normalises to "rome"
        assertThat(ours.missing()).isEqualTo(2);
        assertThat(bcp.accuracy()).isEqualTo(1.0);  // 2 of 2 run files
    }

    @Test
    void compatibleModeParsesTheJudgesTextWhileTheDefaultReadsTheJudgementFields() {
        // the fields say correct, confidence 90; the judge's text says no, confidence 40 (and the answer states 70%)
        Map<String, Judgement> judged = Map.of("1", new Judgement("1", true, 90.0, "extracted_final_answer: x\ncorrect: no\nconfidence: 40%"));
        AgentBenchmark b = AgentBenchmark.corpusLess(List.of(question("1", "x")), qrels("1:d1:1"), null, judged);
        AgentRun r = run(trace("1", List.of(search("d1")), List.of("d1"), "Exact Answer: x\nConfidence: 70%"));
        AgentQueryScore ours = only(b, r, ScoringMode.DEFAULT, null);
        AgentQueryScore bcp = only(b, r, ScoringMode.BCP, null);
        assertThat(ours.correct()).isTrue();
        assertThat(ours.confidence()).isEqualTo(70.0); // the answer's own Confidence line
        assertThat(bcp.correct()).isFalse();
        assertThat(bcp.confidence()).isEqualTo(40.0);  // the judge's extracted confidence
    }

    @Test
    void bothModesTreatAnUnfinishedRunAsUnansweredWithoutCitations() {
        AgentBenchmark b = AgentBenchmark.corpusLess(List.of(question("1", "x")), qrels("1:5:1"), null, null);
        var t = new io.clirbench.core.agentic.model.AgentTrace("1", "incomplete", Map.of("search", 1), List.of("5"),
                List.of(search("5")), "[5] Exact Answer: x", "f", Map.of(), Map.of());
        for (ScoringMode mode : ScoringMode.values()) {
            AgentQueryScore q = only(b, run(t), mode, null);
            assertThat(q.correct()).isFalse();
            assertThat(q.cited()).isEmpty();
            assertThat(q.confidence()).isNull();
            assertThat(q.evidenceRecall()).isEqualTo(1.0);
        }
    }

    @Test
    void evidenceRecallMeansAgreeOnACaseWithoutQuirks() {
        // two queries, recall 1 and 0: both modes give 0.5
        EvidenceQrels q = qrels("1:a:1", "2:b:1");
        AgentBenchmark b = AgentBenchmark.corpusLess(List.of(question("1", "x"), question("2", "y")), q, null, null);
        AgentRun r = run(trace("1", List.of(search("a")), List.of("a"), "Exact Answer: x"),
                trace("2", List.of(search("c")), List.of("c"), "Exact Answer: z"));
        for (ScoringMode mode : ScoringMode.values()) {
            RunScores s = AgentScorer.score(b, r, mode, null);
            assertThat(RunSummary.of(s, mode).evidenceRecall()).isCloseTo(0.5, within(1e-12));
        }
    }
}
