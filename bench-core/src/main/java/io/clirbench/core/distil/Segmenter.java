package io.clirbench.core.distil;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UScript;
import com.ibm.icu.text.BreakIterator;
import com.ibm.icu.util.ULocale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The static student's tokens: ICU4J word boundaries (UAX #29, root locale), lower case ({@link Locale#ROOT}),
 * only segments holding a letter or digit, and every Han character a token of its own (no dictionary words for
 * Chinese, as the plain BM25 does). Training and serving call this one class, so a text is cut the
 * same way in both.
 */
public final class Segmenter {

    private Segmenter() {
    }

    public static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        BreakIterator words = BreakIterator.getWordInstance(ULocale.ROOT);
        words.setText(text);
        for (int start = words.first(), end = words.next(); end != BreakIterator.DONE; start = end, end = words.next()) {
            String word = text.substring(start, end);
            if (word.codePoints().anyMatch(Character::isLetterOrDigit)) {
                addWord(word.toLowerCase(Locale.ROOT), out);
            }
        }
        return out;
    }

    private static void addWord(String word, List<String> out) {
        if (word.codePoints().noneMatch(Segmenter::han)) {
            out.add(word);
            return;
        }
        StringBuilder run = new StringBuilder();
        word.codePoints().forEach(cp -> {
            if (han(cp)) {
                if (!run.isEmpty()) {
                    out.add(run.toString());
                    run.setLength(0);
                }
                out.add(Character.toString(cp));
            } else if (Character.isLetterOrDigit(cp)) {
                run.appendCodePoint(cp);
            }
        });
        if (!run.isEmpty()) {
            out.add(run.toString());
        }
    }

    private static boolean han(int codePoint) {
        return UScript.getScript(codePoint) == UScript.HAN && UCharacter.isLetter(codePoint);
    }
}
