package io.clirbench.core.build.qatranslate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.build.llm.PromptTemplate;
import io.clirbench.core.build.llm.UnusableReplyException;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class QaTranslatorTest {

    private static final List<String> LANGUAGES = List.of("de", "en", "es", "fr", "zh");

    private static QaTranslator translator(long seed) {
        return new QaTranslator(LANGUAGES, seed, true, PromptTemplate.load("qa-translate/paragraph.txt", null),
                PromptTemplate.load("qa-translate/question.txt", null), 3);
    }

    private static QaInstance instance(String id, int paragraphs) {
        List<Candidate> c = new ArrayList<>();
        for (int k = 0; k < paragraphs; k++) {
            c.add(new Candidate("p" + k, "Title " + k, List.of("One.", "Two."), "en", null, null));
        }
        return new QaInstance(id, id, "dev", "bridge", "hard", "q?", "a", "en", "en", c, List.of(), null, null);
    }

    @Test
    void aParagraphsLanguageDependsOnSeedInstanceAndParagraphNotOnOrder() {
        QaTranslator t = translator(13);
        QaInstance forward = instance("i1", 10);
        List<Candidate> reversed = new ArrayList<>(forward.candidates());
        java.util.Collections.reverse(reversed);
        QaInstance backward = new QaInstance("i1", "i1", "dev", "bridge", "hard", "q?", "a", "en", "en", reversed, List.of(), null, null);
        for (Candidate c : forward.candidates()) {
            assertThat(t.paragraphLanguage(backward, backward.candidate(c.id()))).isEqualTo(t.paragraphLanguage(forward, c));
            assertThat(translator(13).paragraphLanguage(forward, c)).isEqualTo(t.paragraphLanguage(forward, c));
        }
    }

    @Test
    void assignmentIsUniformWithinAChiSquareBound() {
        // 400 instances x 10 paragraphs = 4000 draws over 5 languages: expected 800 each. The chi-square critical
        // value at 4 degrees of freedom and p = 0.001 is 18.467 (published table); a uniform draw exceeds it once in 1000.
        QaTranslator t = translator(7);
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < 400; i++) {
            QaInstance q = instance("i" + i, 10);
            q.candidates().forEach(c -> counts.merge(t.paragraphLanguage(q, c), 1, Integer::sum));
        }
        double chi = 0;
        for (String l : LANGUAGES) {
            chi += Math.pow(counts.getOrDefault(l, 0) - 800, 2) / 800;
        }
        assertThat(counts.keySet()).containsExactlyElementsOf(LANGUAGES);
        assertThat(chi).isLessThan(18.467);
    }

    @Test
    void aReplyIsUsableOnlyWithATitleAndTheSourceSentenceCount() throws Exception {
        assertThat(QaTranslator.paragraph("{\"title\":\"T\",\"sentences\":[\"a\",\"b\"]}", 2)).containsExactly("T", "a", "b");
        assertThatThrownBy(() -> QaTranslator.paragraph("{\"title\":\"T\",\"sentences\":[\"a\"]}", 2))
                .isInstanceOf(UnusableReplyException.class).hasMessageContaining("1 sentences, the source 2");
        assertThatThrownBy(() -> QaTranslator.paragraph("{\"sentences\":[\"a\",\"b\"]}", 2))
                .isInstanceOf(UnusableReplyException.class).hasMessageContaining("title");
        assertThatThrownBy(() -> QaTranslator.paragraph("not json", 2)).isInstanceOf(UnusableReplyException.class);
        assertThatThrownBy(() -> QaTranslator.paragraph("{\"title\":\"T\",\"sentences\":[\"a\",\" \"]}", 2))
                .isInstanceOf(UnusableReplyException.class).hasMessageContaining("sentence 2");
        assertThatThrownBy(() -> QaTranslator.question("{\"question\":\"q\"}")).isInstanceOf(UnusableReplyException.class)
                .hasMessageContaining("answer");
    }
}
