package io.clirbench.core.lexicon;

import java.util.ArrayList;
import java.util.List;

/**
 * Term-by-term document translation along a {@link Route}, for indexing: each word ({@link Terms#words}) looked up
 * ({@link Terms#key}) in the step's lexicon becomes the words of its first translation, once; a word without a
 * translation is kept (names, numbers and technical terms are often the same in both languages). Unlike
 * {@link QueryTranslator} it neither repeats nor adds further translations: in a document, repetition would change
 * term frequencies and length, which BM25 reads as evidence. A route without a dictionary leaves the text unchanged
 * (its words, space-separated).
 */
public final class DocumentTranslator {

    private final LexiconCache cache;

    public DocumentTranslator(LexiconCache cache) {
        this.cache = cache;
    }

    /** {@code text} in the language at the end of {@code route}; the text itself for a route without steps. */
    public String translate(String text, Route route) {
        return cache.translateAlong(text, route, DocumentTranslator::translate);
    }

    static List<String> translate(List<String> words, Lexicon lexicon) {
        List<String> out = new ArrayList<>(words.size());
        for (String w : words) {
            List<String> ts = lexicon.translations(w);
            if (ts.isEmpty()) {
                out.add(w);
            } else {
                out.addAll(Terms.words(ts.getFirst()));
            }
        }
        return out;
    }
}
