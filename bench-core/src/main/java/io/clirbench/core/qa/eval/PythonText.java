package io.clirbench.core.qa.eval;

/**
 * The character classes the peer evaluators (Python 3) use, written out per code point so that Java
 * and Python agree (METRICS.md §4 "Protocols"): {@code str.isspace()}/{@code \s}, the word characters
 * of {@code \b} ({@code str.isalnum()} or {@code _}: Unicode letters and numbers, not marks), and the
 * P and S general categories. Every loop walks code points, so supplementary characters count as one.
 */
final class PythonText {

    private PythonText() {
    }

    /** Python's {@code str.isspace()}: Unicode separators (Zs, Zl, Zp) and the C0/C1 whitespace controls. */
    static boolean isSpace(int cp) {
        return switch (cp) {
            case '\t', '\n', 0x0b, '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, 0x85 -> true;
            default -> Character.isSpaceChar(cp);
        };
    }

    /** A word character of Python's {@code \b}: a letter (L*), a number (N*) or {@code _}. Marks (M*) are not. */
    static boolean isWord(int cp) {
        if (cp == '_') {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                 Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER,
                 Character.LETTER_NUMBER, Character.OTHER_NUMBER -> true;
            default -> false;
        };
    }

    /** Whether the general category starts with P (punctuation) or S (symbol). */
    static boolean isPunctuationOrSymbol(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL,
                 Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    /** Python's {@code string.punctuation}: the 32 ASCII punctuation characters. */
    static boolean isAsciiPunctuation(int cp) {
        return cp < 128 && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".indexOf(cp) >= 0;
    }

    /** {@code re.sub(r"\b(a|an|the)\b", " ", text)} on lower-case text: each whole word a, an or the becomes one space. */
    static String replaceArticles(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        int previous = -1; // the code point before i, -1 at the start
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            if (previous == -1 || !isWord(previous)) {
                int end = articleEnd(text, i);
                if (end > 0) {
                    out.append(' ');
                    previous = text.codePointBefore(end);
                    i = end;
                    continue;
                }
            }
            out.appendCodePoint(cp);
            previous = cp;
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    // the end of "a", "an" or "the" starting at i and followed by a non-word character or the end; 0 when none
    private static int articleEnd(String text, int i) {
        for (String article : new String[] {"the", "an", "a"}) {
            if (text.startsWith(article, i)) {
                int end = i + article.length();
                if (end == text.length() || !isWord(text.codePointAt(end))) {
                    return end;
                }
            }
        }
        return 0;
    }

    /** Python's {@code " ".join(text.split())}: runs of whitespace become one space, ends trimmed. */
    static String collapseSpaces(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean pendingSpace = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (isSpace(cp)) {
                pendingSpace = out.length() > 0;
            } else {
                if (pendingSpace) {
                    out.append(' ');
                    pendingSpace = false;
                }
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }
}
