package io.clirbench.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The plain chain's tokens, written by hand from UAX #29 word breaks and lower case; the stemmed chain beside them. */
class PlainAnalyzerTest {

    @Test
    void germanIsSplitAtWordBreaksAndLowerCasedOnlyWhileTheGermanChainStemsAndDropsStopWords() {
        String text = "Die Häuser in Köln kosten 3.500 Euro.";
        // UAX #29: "3.500" stays one token (a full stop between digits); the final full stop is no token
        assertThat(LexicalIndex.analyse(new PlainAnalyzer(), text))
                .containsExactly("die", "häuser", "in", "köln", "kosten", "3.500", "euro");
        // German Snowball: "die", "in" are stop words; häuser → häus ("er" in R1) → haus (umlaut removed at the end);
        // köln → koln; kosten → kost ("en" in R1); euro unchanged
        assertThat(LexicalIndex.analyse(new LanguageAnalyzers().forLanguage("de"), text))
                .containsExactly("haus", "koln", "kost", "3.500", "euro");
    }

    @Test
    void eachHanCharacterIsATokenAndLatinWordsInsideChineseAreWords() {
        // UAX #29 breaks around every ideograph; "2024" and "Linux" are words of their own, lower-cased
        assertThat(LexicalIndex.analyse(new PlainAnalyzer(), "北京大学2024年的Linux内核。"))
                .containsExactly("北", "京", "大", "学", "2024", "年", "的", "linux", "内", "核");
        // distinct terms in first-seen order, as every query's terms (the second 京 is not repeated)
        assertThat(LexicalIndex.analyse(new PlainAnalyzer(), "京都と北京")).containsExactly("京", "都", "と", "北");
    }

    @Test
    void noStemmingNoStopWordsNoElision() {
        assertThat(LexicalIndex.analyse(new PlainAnalyzer(), "The servers of l'université"))
                .containsExactly("the", "servers", "of", "l'université");
    }
}
