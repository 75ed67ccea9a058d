package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.agentic.eval.AnswerParser;
import io.clirbench.core.agentic.eval.Citations;
import io.clirbench.core.agentic.eval.ExactMatch;
import io.clirbench.core.agentic.format.BcpJudgeResponse;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Final-answer parsing, both citation rules, the exact-match rule and BrowseComp-Plus's judge parser (METRICS.md §5). */
class AnswerAndCitationParsingTest {

    @Test
    void exactAnswerAndConfidenceLines() {
        String text = "Explanation: ...\n**Exact Answer:** Marie Curie\nConfidence: 85%";
        assertThat(AnswerParser.exactAnswer(text)).isEqualTo("Marie Curie");
        assertThat(AnswerParser.confidence(text)).isEqualTo(85.0);
        assertThat(AnswerParser.confidence("Confidence: 150")).isEqualTo(100.0); // clipped
        assertThat(AnswerParser.confidence("no confidence stated")).isEqualTo(100.0);
        assertThat(AnswerParser.exactAnswer("no answer line")).isNull();
    }

    @Test
    void compatibleCitationsTakeEveryDigitRunIncludingYearsAndUnicodeDigits() {
        // [12, 31], 【7】, [Doc 5], a year [1999], Arabic-Indic digits [٤٢] (Python's \d matches them)
        String text = "See [12, 31] and 【7】 and [Doc 5] in [1999]; also [٤٢]. [12] again.";
        assertThat(Citations.bcp(text)).containsExactlyInAnyOrder("12", "31", "7", "5", "1999", "٤٢");
    }

    @Test
    void defaultCitationsKeepOnlyCorpusDocids() {
        Set<String> corpus = Set.of("12", "de/p042", "7");
        String text = "See [12, 31], 【7】, [de/p042; 1999] and [Doc 5].";
        assertThat(Citations.corpusChecked(text, corpus)).containsExactly("12", "de/p042", "7");
    }

    @Test
    void exactMatchNormalisesCaseArticlesPunctuationAndWidth() {
        assertThat(ExactMatch.matches("The Eiffel Tower!", "eiffel tower")).isTrue();
        assertThat(ExactMatch.matches("STRASSE", "straße")).isTrue();   // full case folding: ß → ss
        assertThat(ExactMatch.matches("１９８７", "1987")).isTrue();      // NFKC: full-width digits
        assertThat(ExactMatch.matches("Theatre", "atre")).isFalse();      // 'the' only as a whole word
        assertThat(ExactMatch.matches(null, "x")).isFalse();
    }

    @Test
    void judgeParserTriesBoldFormsFirstAndClipsConfidence() {
        var bold = BcpJudgeResponse.parse("**correct:** Yes\n**confidence:** 120%");
        assertThat(bold.correct()).isTrue();
        assertThat(bold.confidence()).isEqualTo(100.0);
        var plain = BcpJudgeResponse.parse("reasoning: ...\ncorrect: no\nconfidence: 35");
        assertThat(plain.correct()).isFalse();
        assertThat(plain.confidence()).isEqualTo(35.0);
        assertThat(BcpJudgeResponse.parse("I cannot judge this.").parseError()).isTrue();
        // Python's \d and float() take Arabic-Indic digits: ٤٥ is 45
        assertThat(BcpJudgeResponse.parse("correct: yes\nconfidence: ٤٥%").confidence()).isEqualTo(45.0);
    }
}
