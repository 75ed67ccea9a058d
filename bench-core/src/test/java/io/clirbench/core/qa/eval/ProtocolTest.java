package io.clirbench.core.qa.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Unicode details where Java and Python differ by default (METRICS.md §4 "Protocols"). Every expected
 * value is what Python 3 gives for the peer's own expression, worked out by hand in the comment.
 */
class ProtocolTest {

    @Test
    void fullCaseFoldingTurnsSharpSIntoSs() {
        // "Straße".casefold() == "strasse"; Java's toLowerCase keeps "ß"
        assertThat(Protocol.UNICODE.normalize("Straße", "de")).isEqualTo("strasse");
        assertThat(Protocol.UNICODE.normalize("STRASSE", "de")).isEqualTo("strasse");
        // "ﬁ".casefold() after NFKC: NFKC already gives "fi"
        assertThat(Protocol.UNICODE.normalize("ﬁnal", "en")).isEqualTo("final");
    }

    @Test
    void articlesAreWholeWordsByUnicodeLettersDigitsAndUnderscore() {
        // re.sub(r"\b(a|an|the)\b", " ", ...): "aé" is one word (é is a letter), so nothing is removed
        assertThat(Protocol.UNICODE.normalize("aé b", "en")).isEqualTo("aé b");
        // "the٣": ARABIC-INDIC DIGIT THREE is \d and \w in Python, so "the" is not a whole word
        assertThat(Protocol.UNICODE.normalize("the٣ x", "en")).isEqualTo("the٣ x");
        // "_" is Pc: it becomes a space before articles are looked for, so "the" goes ("the x" -> "x")
        assertThat(Protocol.UNICODE.normalize("the_x", "en")).isEqualTo("x");
        // "the-x": "-" is P (becomes a space) so "the" is a word and goes
        assertThat(Protocol.UNICODE.normalize("The-x", "en")).isEqualTo("x");
        // only English drops articles under unicode; legacy drops them in every language
        assertThat(Protocol.UNICODE.normalize("the end", "de")).isEqualTo("the end");
        assertThat(Protocol.LEGACY.normalize("the end", "de")).isEqualTo("end");
        // a combining mark is not \w in Python: "a" + U+0301 keeps a boundary after "a" (legacy does no NFKC)
        assertThat(Protocol.LEGACY.normalize("a\u0301 x", "en")).isEqualTo("\u0301 x");
    }

    @Test
    void categoryTestsAndTokensWorkOnSupplementaryCharactersAsOneCodePoint() {
        // U+1F600 (So) and U+10100 AEGEAN WORD SEPARATOR LINE (Po) become spaces: two tokens
        assertThat(Protocol.UNICODE.tokens(Protocol.UNICODE.normalize("x\uD83D\uDE00y", "fr"), "fr")).containsExactly("x", "y");
        assertThat(Protocol.UNICODE.tokens(Protocol.UNICODE.normalize("x\uD800\uDD00y", "fr"), "fr")).containsExactly("x", "y");
        // U+20000 (CJK Extension B, Lo) is one character token in Chinese, not two surrogate halves
        assertThat(Protocol.UNICODE.tokens(Protocol.UNICODE.normalize("\uD840\uDC00中", "zh"), "zh"))
                .containsExactly("\uD840\uDC00", "中");
        // MATHEMATICAL BOLD DIGIT ONE (U+1D7CF, Nd) is NFKC "1"
        assertThat(Protocol.UNICODE.normalize("\uD835\uDFCF9", "en")).isEqualTo("19");
    }

    @Test
    void whitespaceIsPythonsIsspaceNotJavas() {
        // "x\u00a0y".split() == ["x", "y"] in Python; Character.isWhitespace(0xA0) is false in Java
        assertThat(Protocol.LEGACY.tokens(Protocol.LEGACY.normalize("x\u00a0y", "en"), "en")).containsExactly("x", "y");
        // U+200B ZERO WIDTH SPACE is Cf: not whitespace in Python, not P/S: it stays inside the token
        assertThat(Protocol.UNICODE.tokens(Protocol.UNICODE.normalize("x\u200by", "en"), "en")).containsExactly("x\u200by");
        // U+001F (unit separator) is whitespace for str.split()
        assertThat(Protocol.LEGACY.tokens(Protocol.LEGACY.normalize("x\u001fy", "en"), "en")).containsExactly("x", "y");
    }

    @Test
    void legacyRemovesOnlyAsciiPunctuationWhileUnicodeRemovesEveryPunctuationAndSymbol() {
        // "1.000" -> legacy "1000"; unicode "1 000" (the "." becomes a space)
        assertThat(Protocol.LEGACY.normalize("1.000", "de")).isEqualTo("1000");
        assertThat(Protocol.UNICODE.normalize("1.000", "de")).isEqualTo("1 000");
        // 「東京」: corner brackets are Ps/Pe, not ASCII: legacy keeps them
        assertThat(Protocol.LEGACY.normalize("「東京」", "ja")).isEqualTo("「東京」");
        assertThat(Protocol.UNICODE.tokens(Protocol.UNICODE.normalize("「東京」", "ja"), "ja")).containsExactly("東", "京");
        // Hangul is split on spaces, not per character
        assertThat(Protocol.UNICODE.tokens("서울 특별시", "ko")).isEqualTo(List.of("서울", "특별시"));
    }

    @Test
    void emptyAnswersAndYesNoFollowEachPeer() {
        // hotpot_evaluate_v1.py: "" vs "" -> EM 1, F1 0 (num_same == 0); XHotpotQA: P = R = F1 = 1
        assertThat(new ExampleScorer(Protocol.HOTPOT).answer("", "", "en")).isEqualTo(new ComponentScore(1, 0, 0, 0));
        assertThat(new ExampleScorer(Protocol.LEGACY).answer("", "", "en")).isEqualTo(new ComponentScore(1, 1, 1, 1));
        // "yes" vs "yes sir": a special answer that differs scores 0 everywhere (else overlap 1/1, 1/2 -> F1 2/3)
        for (Protocol p : Protocol.values()) {
            assertThat(new ExampleScorer(p).answer("yes", "yes sir", "en")).isEqualTo(ComponentScore.ZERO);
        }
        // "the cat sat" vs "cat" (en): tokens [cat, sat] vs [cat]: P = 1/2, R = 1, F1 = 2/3
        ComponentScore s = new ExampleScorer(Protocol.UNICODE).answer("the cat sat", "cat", "en");
        assertThat(s.precision()).isEqualTo(0.5);
        assertThat(s.recall()).isEqualTo(1.0);
        assertThat(s.f1()).isCloseTo(2.0 / 3, org.assertj.core.data.Offset.offset(1e-15));
    }
}
