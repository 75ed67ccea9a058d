package io.clirbench.core.lexicon;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Words of a query and the key a lexicon looks them up by: lower case ({@link Locale#ROOT}) without
 * combining marks (NFD, then {@code \p{Mn}} removed), so that an Arabic headword with its vowel signs or a
 * Greek one with its accents matches the plain spelling queries use.
 */
public final class Terms {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{M}\\p{N}]+(?:['’-][\\p{L}\\p{M}\\p{N}]+)*");
    private static final Pattern MARKS = Pattern.compile("\\p{Mn}+");

    private Terms() {
    }

    /** The lookup key of a word or headword. */
    public static String key(String word) {
        return MARKS.matcher(Normalizer.normalize(word, Normalizer.Form.NFD)).replaceAll("").toLowerCase(Locale.ROOT);
    }

    /** The words of {@code text} in order, as written (letters, marks and digits, with inner {@code '} or {@code -}). */
    public static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
