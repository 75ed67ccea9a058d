package io.clirbench.core.qa.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Recall of answer-bearing paragraphs ({@link ExampleScorer#answerParagraphRecall}), hand-computed on one instance. */
class AnswerParagraphRecallTest {

    // answer-bearing: p0 and p1 (facts with role answer); p2 holds only a plain supporting fact
    private static QaInstance instance(String role) {
        List<Candidate> candidates = List.of(new Candidate("p0", "T0", List.of("a."), "en", null, null),
                new Candidate("p1", "T1", List.of("b.", "c.", "d."), "de", null, null),
                new Candidate("p2", "T2", List.of("e."), "en", null, null));
        return new QaInstance("i", "s", null, null, null, "Q?", "x", "en", "en", candidates,
                List.of(new SupportingFact("p0", 0, role), new SupportingFact("p1", 0, role), new SupportingFact("p2", 0, "support")),
                null, null);
    }

    @Test
    void theShareOfAnswerBearingParagraphsAmongThePredictedFactsParagraphs() {
        ExampleScorer scorer = new ExampleScorer(Protocol.UNICODE);
        // predicted paragraphs {p1, p2}: of the answer-bearing {p0, p1} one is found -> 1/2, whatever sentence of p1 was named
        QaPrediction byId = new QaPrediction("i", "", Set.of(new FactKey("p1", 2), new FactKey("p2", 0)), false);
        assertThat(scorer.score(instance("answer"), byId).answerParagraphRecall()).isEqualTo(0.5);
        // HotpotQA facts by title: T0 and T1 name p0 and p1 -> 2/2
        QaPrediction byTitle = new QaPrediction("i", "", Set.of(new FactKey("T0", 0), new FactKey("T1", 1)), true);
        assertThat(scorer.score(instance("answer"), byTitle).answerParagraphRecall()).isEqualTo(1.0);
        // no prediction: no paragraph selected -> 0/2
        assertThat(scorer.score(instance("answer"), null).answerParagraphRecall()).isZero();
    }

    @Test
    void anInstanceThatMarksNoAnswerFactHasNoValueAndIsLeftOutOfTheMean() {
        ExampleScorer scorer = new ExampleScorer(Protocol.UNICODE);
        QaPrediction p = new QaPrediction("i", "", Set.of(new FactKey("p0", 0)), false);
        assertThat(scorer.score(instance("support"), p).answerParagraphRecall()).isNaN();

        QaEvaluator evaluator = new QaEvaluator(Protocol.UNICODE, java.util.Map.of("i", p));
        evaluator.accept(instance("support"));
        Aggregate overall = evaluator.finish().overall();
        assertThat(overall.answerParagraphRecall()).isNaN();
        assertThat(overall.answered()).as("a blank answer is no answer").isZero();
    }
}
