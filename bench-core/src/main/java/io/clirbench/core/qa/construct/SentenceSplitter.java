package io.clirbench.core.qa.construct;

import com.ibm.icu.text.BreakIterator;
import com.ibm.icu.util.ULocale;
import java.util.ArrayList;
import java.util.List;

/**
 * Sentence segmentation with ICU4J's rule-based {@link BreakIterator} for the text's language (UAX #29
 * sentence boundaries with the locale's tailoring and its abbreviation suppressions), never hand-written
 * punctuation rules. Thai has no sentence punctuation and UAX #29 does not break at its spaces, so a Thai
 * paragraph usually stays one sentence. The sentences
 * are exact slices of the text (trailing spaces included), so character offsets map back to a sentence.
 */
public final class SentenceSplitter {

    /** The segmenter as provenance names it. */
    public static final String NAME = "ICU4J " + com.ibm.icu.util.VersionInfo.ICU_VERSION
            + " BreakIterator.getSentenceInstance(<lang>@ss=standard)";

    private final List<String> sentences = new ArrayList<>();
    private final List<Integer> starts = new ArrayList<>();

    /** Splits {@code text} (in {@code language}, a language tag such as {@code de} or {@code pt-BR}). */
    public SentenceSplitter(String text, String language) {
        // "ss=standard": ICU's per-language abbreviation lists, so "Rev. " or "Dr. " does not end a sentence
        BreakIterator iterator = BreakIterator.getSentenceInstance(
                ULocale.forLanguageTag(language.replace('_', '-')).setKeywordValue("ss", "standard"));
        iterator.setText(text);
        int start = iterator.first();
        for (int end = iterator.next(); end != BreakIterator.DONE; start = end, end = iterator.next()) {
            sentences.add(text.substring(start, end));
            starts.add(start);
        }
    }

    /** The sentences in order. */
    public List<String> sentences() {
        return List.copyOf(sentences);
    }

    /** The index of the sentence that holds the whole span {@code [start, start + length)}, or -1 when it crosses a boundary. */
    public int sentenceHolding(int start, int length) {
        for (int i = 0; i < starts.size(); i++) {
            int from = starts.get(i);
            int to = from + sentences.get(i).length();
            if (start >= from && start < to) {
                return start + length <= to ? i : -1;
            }
        }
        return -1;
    }
}
