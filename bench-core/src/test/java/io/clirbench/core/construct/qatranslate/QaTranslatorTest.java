package io.clirbench.core.construct.qatranslate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.UnusableReplyException;
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
        return new QaTranslator(new HashLanguageAssignment(seed, LANGUAGES), true, PromptTemplate.load("qa-translate/paragraph.txt", null),
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
    void theAssignmentIsXhotpotqasOwnForTheSameSeedAndLanguageList() {
        // From the peer, not from this code: PYTHONPATH=../shared/tools/xhotpotqa python3 -c "from xhotpotqa.data.assignment
        // import LanguageAssigner; a = LanguageAssigner(seed=13, languages=('de','en','es','fr','zh')); print([a.assign('i1', u)
        // for u in ['question-answer'] + ['paragraph:%d' % k for k in range(10)]])"
        List<String> peer = List.of("zh", "es", "en", "en", "fr", "de", "es", "en", "en", "fr", "en");
        QaTranslator t = translator(13);
        QaInstance i = instance("i1", 10);
        assertThat(t.questionLanguage(i)).isEqualTo(peer.get(0));
        for (int k = 0; k < 10; k++) {
            assertThat(t.paragraphLanguage(i, k)).as("paragraph:%d", k).isEqualTo(peer.get(k + 1));
        }
        // keyed by the source id and the unit, nothing else: another instance id with the same source id agrees
        QaInstance sameSource = new QaInstance("other-id", "i1", "dev", "bridge", "hard", "q?", "a", "en", "en", i.candidates(),
                List.of(), null, null);
        assertThat(t.paragraphLanguage(sameSource, 3)).isEqualTo(peer.get(4));
    }

    @Test
    void assignmentIsUniformWithinAChiSquareBound() {
        // 400 instances x 10 paragraphs = 4000 draws over 5 languages: expected 800 each. The chi-square critical
        // value at 4 degrees of freedom and p = 0.001 is 18.467 (published table); a uniform draw exceeds it once in 1000.
        QaTranslator t = translator(7);
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < 400; i++) {
            QaInstance q = instance("i" + i, 10);
            for (int k = 0; k < q.candidates().size(); k++) {
                counts.merge(t.paragraphLanguage(q, k), 1, Integer::sum);
            }
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

    @Test
    void aManifestIsReplayedExactlyAndCheckedAsThePeerChecksIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path m = dir.resolve("manifest.json");
        String text = "{\"schema_version\": \"xhotpotqa-assignment-manifest-v1\", \"assignment_version\": \"v2-frozen\", "
                + "\"assignments\": {\"s1\": {\"question-answer\": \"fr\", \"paragraph:0\": \"de\", \"paragraph:1\": \"en\"}}}";
        java.nio.file.Files.writeString(m, text);
        ManifestLanguageAssignment a = ManifestLanguageAssignment.read(m);
        assertThat(a.version()).isEqualTo("v2-frozen");
        assertThat(a.seed()).isNull();
        // sha256 of the file's bytes, as `sha256sum manifest.json` prints it
        assertThat(a.manifestSha256()).isEqualTo(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        assertThat(a.assign("s1", "question-answer")).isEqualTo("fr");
        assertThat(a.assign("s1", "paragraph:0")).isEqualTo("de");
        assertThat(a.languages()).containsExactly("de", "en", "fr");
        assertThat(a.problem("s1", LanguageAssignment.units(2))).isNull();
        assertThat(a.problem("s1", LanguageAssignment.units(3))).contains("does not match source 's1': missing [paragraph:2], unexpected []");
        assertThat(a.problem("s9", LanguageAssignment.units(2))).contains("has no source 's9'");

        java.util.function.Function<String, String> refusal = body -> {
            try {
                java.nio.file.Files.writeString(m, body);
                ManifestLanguageAssignment.read(m);
                return "accepted";
            } catch (IllegalArgumentException | java.io.IOException e) {
                return e.getMessage();
            }
        };
        String head = "{\"schema_version\": \"xhotpotqa-assignment-manifest-v1\", \"assignment_version\": \"v\", \"assignments\": ";
        assertThat(refusal.apply(head + "{\"s1\": {\"question-answer\": \"fr\", \"paragraph:1\": \"de\"}}}"))
                .contains("source 's1': paragraph units are not contiguous from paragraph:0");
        assertThat(refusal.apply(head + "{\"s1\": {\"paragraph:0\": \"de\"}}}")).contains("source 's1': no 'question-answer' unit");
        assertThat(refusal.apply(head + "{\"s1\": {\"question-answer\": \"kk\", \"paragraph:0\": \"de\"}}}"))
                .contains("unit 'question-answer': language \"kk\" is not one of XHotpotQA's codes");
        assertThat(refusal.apply(head + "{\"s1\": {\"question-answer\": \"fr\", \"question-answer\": \"de\", \"paragraph:0\": \"de\"}}}"))
                .contains("Duplicate field 'question-answer'");
        assertThat(refusal.apply(head + "{\"s1\": {\"question-answer\": \"fr\", \"p0\": \"de\"}}}"))
                .contains("unit 'p0' is neither 'question-answer' nor paragraph:N");
        assertThat(refusal.apply("{\"schema_version\": \"other\", \"assignment_version\": \"v\", \"assignments\": {}}"))
                .contains("schema_version \"other\" is not 'xhotpotqa-assignment-manifest-v1'");
        assertThat(refusal.apply("[]")).contains("root must be a JSON object");
    }
}
