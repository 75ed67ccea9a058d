package io.clirbench.gateway.agent;

import java.text.BreakIterator;
import java.util.Locale;

/**
 * The snippet of a search result: the document's first N tokens. BrowseComp-Plus cuts at N tokens of its
 * encoder's tokenizer; a retriever here has no single tokenizer (BM25 has none), so a token is a word of the
 * JDK's word break iterator (letters, digits, or a single CJK character), punctuation kept with the text.
 */
final class Snippets {

    private Snippets() {
    }

    static String firstTokens(String text, int tokens) {
        BreakIterator words = BreakIterator.getWordInstance(Locale.ROOT);
        words.setText(text);
        int count = 0;
        int start = words.first();
        for (int end = words.next(); end != BreakIterator.DONE; start = end, end = words.next()) {
            if (Character.isLetterOrDigit(text.codePointAt(start)) && ++count == tokens) {
                return text.substring(0, end);
            }
        }
        return text;
    }
}
