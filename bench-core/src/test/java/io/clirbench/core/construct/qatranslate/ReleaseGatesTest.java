package io.clirbench.core.construct.qatranslate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The release gates' rules on hand-made texts; every expected count is worked out in the comment beside it. */
class ReleaseGatesTest {

    @Test
    void scriptShareDecidesForNonLatinTargets() {
        // "Ulm กขค": 3 Latin letters + 3 Thai consonants (Lo) = 6 letters, 3 Thai: 50%, not below the 50% floor
        assertThat(LanguageIdentification.problem("Ulm กขค", "th")).isNull();
        // "Ulm Bern กขค": 7 Latin + 3 Thai = 10 letters, 3 Thai: 30%
        assertThat(LanguageIdentification.problem("Ulm Bern กขค", "th")).isEqualTo(
                "3 of 10 letters (30%) are in the script of th (Thai), fewer than 50%");
        assertThat(LanguageIdentification.problem("Альберт Эйнштейн родился в Ульме", "ru")).isNull();
        assertThat(LanguageIdentification.problem("Albert Einstein was born in Ulm", "ru")).startsWith("0 of 26 letters (0%)");
        assertThat(LanguageIdentification.problem("アインシュタインはウルムで生まれた", "ja")).isNull();
        assertThat(LanguageIdentification.problem("아인슈타인은 울름에서 태어났다", "ko")).isNull();
        assertThat(LanguageIdentification.problem("爱因斯坦出生于乌尔姆", "ja")).isNull(); // Han is one of Japanese's scripts
        assertThat(LanguageIdentification.problem("爱因斯坦出生于乌尔姆", "ko")).isNull();
        assertThat(LanguageIdentification.problem("爱因斯坦出生于乌尔姆", "hi")).startsWith("0 of 10 letters");
        assertThat(LanguageIdentification.problem("1879", "zh")).isNull(); // no letter: nothing to judge
    }

    @Test
    void functionWordsDecideAmongLatinTargetsWhenThereAreEnough() {
        // de list: der, ist, mit, dem, den, und, die, auch = 8 tokens; en list: in = 1; sv list: den = 1
        assertThat(LanguageIdentification.problem("Der Mann ist mit dem Hund in den Park gegangen, und die Frau auch.", "en"))
                .isEqualTo("it reads as de (8 of its function words) rather than en (1)");
        assertThat(LanguageIdentification.problem("Der Mann ist mit dem Hund in den Park gegangen, und die Frau auch.", "de")).isNull();
        // "was", "in": 2 English function words, below 3: not judged
        assertThat(LanguageIdentification.problem("Where was Albert Einstein born in 1883?", "de")).isNull();
        assertThat(LanguageIdentification.latinScript("sv")).isTrue();
        assertThat(LanguageIdentification.latinScript("el")).isFalse();
    }

    @Test
    void numbersAreDigitRunsInAnyScriptAndEntitiesAreCapitalisedWordsThatDoNotOpenASentence() {
        assertThat(EntityNumberGate.numbers(List.of("born in ١٩٦١, aged 1,234 days"))).containsExactly("1961", "1", "234");
        assertThat(EntityNumberGate.numbers(List.of("1.234 Tage"))).containsExactly("1", "234");
        assertThat(EntityNumberGate.entities(List.of("Albert Einstein was born in Ulm. He met Mileva Marić in Zurich.")))
                .containsExactly("Einstein", "Ulm", "Mileva", "Marić", "Zurich");
    }

    private static QaInstance instance(String question, String answer, String qLang, List<Candidate> candidates) {
        return new QaInstance("i", "s", "validation", "bridge", "unknown", question, answer, qLang, qLang, candidates,
                List.of(new SupportingFact("p0", 0, "bridge")), null, Map.of());
    }

    @Test
    void entityRecallBelowHalfFailsOnlyForLatinTargetsAndNumbersFailEverywhere() {
        Candidate en = new Candidate("p0", "Einstein", List.of("He met Mileva Marić and Max Born in Zurich in 1896."), "en", null, null);
        QaInstance source = instance("Q?", "Zurich", "en", List.of(en));
        // entities: Mileva, Marić, Max, Born, Zurich (5); the German keeps Mileva and Zürich: 1 of 5 found, fewer than half
        QaInstance de = instance("Q?", "Zurich", "en", List.of(new Candidate("p0", "Einstein",
                List.of("Er traf 1896 in Zürich Mileva und einen Physiker."), "de", "Einstein", en.sentences())));
        assertThat(new EntityNumberGate().check(source, de)).extracting(ReleaseGate.Failure::reason)
                .containsExactly("1 of 5 entity words of the source in the de translation (fewer than half); missing [Marić, Max, Born, Zurich]");
        // the same into Russian: names transliterate, only the number is checked, and 1896 is there
        QaInstance ru = instance("Q?", "Zurich", "en", List.of(new Candidate("p0", "Эйнштейн",
                List.of("В 1896 году в Цюрихе он встретил Милеву Марич."), "ru", "Einstein", en.sentences())));
        assertThat(new EntityNumberGate().check(source, ru)).isEmpty();
        QaInstance ruNoYear = instance("Q?", "Zurich", "en", List.of(new Candidate("p0", "Эйнштейн",
                List.of("В Цюрихе он встретил Милеву Марич."), "ru", "Einstein", en.sentences())));
        assertThat(new EntityNumberGate().check(source, ruNoYear)).extracting(ReleaseGate.Failure::reason)
                .containsExactly("number(s) [1896] of the source missing from the ru translation");
    }

    @Test
    void theAnswerIsLookedForOnlyInSupportingParagraphsOfItsOwnLanguage() {
        Candidate en = new Candidate("p0", "Einstein", List.of("He studied in Zurich."), "en", null, null);
        QaInstance source = instance("Where did he study?", "Zurich", "en", List.of(en));
        Candidate deParagraph = new Candidate("p0", "Einstein", List.of("Er studierte in Zürich."), "de", "Einstein", en.sentences());
        // German answer, German paragraph: "Zürich" occurs (case and NFKC folded)
        assertThat(new AnswerOccurrenceGate().check(source, instance("Wo?", "ZÜRICH", "de", List.of(deParagraph)))).isEmpty();
        assertThat(new AnswerOccurrenceGate().check(source, instance("Wo?", "Zurich", "de", List.of(deParagraph))))
                .extracting(ReleaseGate.Failure::unit).containsExactly("answer");
        // a Thai answer next to the German paragraph: not looked for
        assertThat(new AnswerOccurrenceGate().check(source, instance("ที่ไหน", "ซูริก", "th", List.of(deParagraph)))).isEmpty();
        // yes/no is never looked for
        assertThat(new AnswerOccurrenceGate().check(instance("Q?", "yes", "en", List.of(en)), instance("Q?", "ja", "de",
                List.of(deParagraph)))).isEmpty();
    }

    @Test
    void gatesAreChosenByNameInTheirOwnOrderAndAnUnknownNameIsRefused() {
        assertThat(ReleaseGates.of(List.of("all")).active()).containsExactly("language-id", "entity-number", "answer-occurrence", "exact-copy");
        assertThat(ReleaseGates.of(List.of("exact-copy", "language-id")).active()).containsExactly("language-id", "exact-copy");
        assertThat(ReleaseGates.of(List.of("none")).active()).isEmpty();
        assertThatThrownBy(() -> ReleaseGates.of(List.of("langid"))).hasMessageContaining("--gates: 'langid' is not a gate");
    }
}
