package io.clirbench.core.construct.xbcp;

import com.ibm.icu.text.BreakIterator;
import com.ibm.icu.util.ULocale;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a long document into chunks that a translator can answer whole, so that no translation has to outgrow the
 * model's output limit. Chunks are consecutive and their concatenation is the text, character for character: the
 * separators between them (blank lines, spaces) are kept outside the translated wording and put back when the
 * translations are joined. Cuts fall, in order of preference, between paragraphs (at blank lines), between sentences
 * (ICU4J's sentence break iterator for the source language) and, for a single sentence longer than the limit, at the
 * last whitespace before it (or at the limit itself, never inside a surrogate pair). Pieces are packed greedily: a chunk
 * takes the next piece while it stays within {@code maxChars}.
 */
public final class TextChunks {

    private static final Pattern PARAGRAPH_END = Pattern.compile("\\R[\\h]*\\R\\s*");

    private TextChunks() {
    }

    /** The chunks of {@code text} (one when it fits), each at most {@code maxChars} characters. */
    public static List<String> split(String text, String lang, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("the chunk size must be at least 1 character, was " + maxChars);
        }
        if (text.length() <= maxChars) {
            return List.of(text);
        }
        List<String> pieces = new ArrayList<>();
        for (String paragraph : paragraphs(text)) {
            if (paragraph.length() <= maxChars) {
                pieces.add(paragraph);
                continue;
            }
            for (String sentence : sentences(paragraph, lang)) {
                if (sentence.length() <= maxChars) {
                    pieces.add(sentence);
                } else {
                    pieces.addAll(hardCuts(sentence, maxChars));
                }
            }
        }
        List<String> chunks = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String piece : pieces) {
            if (current.length() > 0 && current.length() + piece.length() > maxChars) {
                chunks.add(current.toString());
                current.setLength(0);
            }
            current.append(piece);
        }
        if (current.length() > 0) {
            chunks.add(current.toString());
        }
        return chunks;
    }

    /** Puts each chunk's translation between the whitespace that surrounded the chunk's wording. */
    public static String join(List<String> chunks, List<String> translations) {
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < chunks.size(); k++) {
            String c = chunks.get(k);
            String body = c.strip();
            if (body.isEmpty()) {
                out.append(c);
                continue;
            }
            int start = c.indexOf(body);
            out.append(c, 0, start).append(translations.get(k)).append(c, start + body.length(), c.length());
        }
        return out.toString().strip();
    }

    private static List<String> paragraphs(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = PARAGRAPH_END.matcher(text);
        int start = 0;
        while (m.find()) {
            out.add(text.substring(start, m.end()));
            start = m.end();
        }
        if (start < text.length()) {
            out.add(text.substring(start));
        }
        return out;
    }

    private static List<String> sentences(String paragraph, String lang) {
        BreakIterator it = BreakIterator.getSentenceInstance(new ULocale(lang));
        it.setText(paragraph);
        List<String> out = new ArrayList<>();
        int start = it.first();
        for (int end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            out.add(paragraph.substring(start, end));
        }
        return out;
    }

    private static List<String> hardCuts(String sentence, int maxChars) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (sentence.length() - start > maxChars) {
            int limit = start + maxChars;
            int cut = limit;
            for (int i = limit; i > start; i--) {
                if (Character.isWhitespace(sentence.charAt(i - 1))) {
                    cut = i;
                    break;
                }
            }
            if (cut == limit && Character.isLowSurrogate(sentence.charAt(cut)) && cut - 1 > start) {
                cut--;
            }
            out.add(sentence.substring(start, cut));
            start = cut;
        }
        out.add(sentence.substring(start));
        return out;
    }
}
