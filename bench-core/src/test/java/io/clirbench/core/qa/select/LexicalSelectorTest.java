package io.clirbench.core.qa.select;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lexical baseline picks the sentence sharing most distinct tokens with the question; ties go to the earliest. */
class LexicalSelectorTest {

    private static QaInstance instance(String question, Candidate... candidates) {
        return new QaInstance("i", "i", null, null, null, question, "x", "en", "en", List.of(candidates), List.of(), null, null);
    }

    @Test
    void theSentenceWithMostSharedTokensWins() {
        // question tokens {who, wrote, hamlet} (articles dropped): p0 s0 shares {wrote} = 1, p1 s1 shares {wrote, hamlet} = 2
        QaInstance i = instance("Who wrote the Hamlet?",
                new Candidate("p0", "A", List.of("Marlowe wrote plays.", "Nothing here."), "en", null, null),
                new Candidate("p1", "B", List.of("A Danish prince.", "Shakespeare wrote Hamlet."), "en", null, null));
        assertThat(LexicalSelector.predict(i).support()).containsExactly(new FactKey("p1", 1));
        assertThat(LexicalSelector.predict(i).answer()).isEmpty();
    }

    @Test
    void tiesAndNoOverlapGoToTheEarliestSentence() {
        // no shared token anywhere (different scripts): the first sentence of the first candidate
        QaInstance i = instance("Who wrote Hamlet?",
                new Candidate("p0", "A", List.of("Гамлет написал Шекспир."), "ru", null, null),
                new Candidate("p1", "B", List.of("莎士比亚写了哈姆雷特。"), "zh", null, null));
        assertThat(LexicalSelector.predict(i).support()).containsExactly(new FactKey("p0", 0));
    }
}
