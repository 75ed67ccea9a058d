package io.clirbench.core.lexicon;

import java.util.ArrayList;
import java.util.List;

/**
 * Term-by-term query translation along a {@link Route}. Each word looked up ({@link Terms#key}) in the
 * step's lexicon becomes its first {@link #TRANSLATIONS} translations, the first written twice; a word without
 * a translation is kept, also twice (names and numbers are often the same in both languages). Through a pivot the
 * result is translated again. A route without a dictionary leaves the query unchanged. The repetition was meant as
 * a weight, but the index-service's BM25 ({@code LexicalIndex}) scores each distinct query term once, so it has no
 * effect on {@code translate(bm25)}; it is kept so that the translated queries, and the runs, stay as they were.
 */
public final class QueryTranslator {

    /** Translations used per word. */
    public static final int TRANSLATIONS = 3;

    private final LexiconCache cache;

    public QueryTranslator(LexiconCache cache) {
        this.cache = cache;
    }

    /** The query text for documents at the end of {@code route}. */
    public String translate(String text, Route route) {
        return cache.translateAlong(text, route, QueryTranslator::translate);
    }

    static List<String> translate(List<String> words, Lexicon lexicon) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            List<String> ts = lexicon.translations(w);
            if (ts.isEmpty()) {
                out.add(w);
                out.add(w);
                continue;
            }
            for (int i = 0; i < Math.min(TRANSLATIONS, ts.size()); i++) {
                List<String> tw = Terms.words(ts.get(i));
                out.addAll(tw);
                if (i == 0) {
                    out.addAll(tw);
                }
            }
        }
        return out;
    }
}
