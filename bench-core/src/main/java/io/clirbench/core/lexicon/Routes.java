package io.clirbench.core.lexicon;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.model.Languages;
import java.util.ArrayList;
import java.util.List;

/**
 * The routes of every (query language, document language) over a {@link LexiconCache}: the same language;
 * a direct lexicon (stored, or the reversal of the opposite one); else, with a pivot, query → pivot → documents;
 * else no dictionary. Languages are language tags: the same language is the same {@link LanguageTag} identity
 * ({@code pt-BR} and {@code pt}), and lexicons are chosen by the language subtags ({@code pt-BR} → {@code de} uses
 * {@code pt-de}); two scripts of one language ({@code zh-Hans} → {@code zh-Hant}) and languages without an ISO
 * 639-1 code (which lexicons are named by) have no dictionary.
 */
public final class Routes {

    private final LexiconCache cache;
    private final String pivot;

    /** {@code pivot} may be {@code null} (direct lexicons only). */
    public Routes(LexiconCache cache, String pivot) {
        this.cache = cache;
        this.pivot = pivot;
    }

    /** The route from {@code query} to {@code docs}. */
    public Route route(String query, String docs) {
        if (LanguageTag.sameLanguage(query, docs)) {
            return new Route(query, docs, Route.Kind.SAME, List.of());
        }
        String from = LanguageTag.languageOf(query);
        String to = LanguageTag.languageOf(docs);
        if (from.equals(to) || !Languages.isIso6391(from) || !Languages.isIso6391(to)) {
            return new Route(query, docs, Route.Kind.NONE, List.of());
        }
        LanguagePair direct = new LanguagePair(from, to);
        if (cache.covers(direct)) {
            return new Route(query, docs, Route.Kind.DIRECT, List.of(direct));
        }
        if (pivot != null && !pivot.equals(from) && !pivot.equals(to)) {
            LanguagePair first = new LanguagePair(from, pivot);
            LanguagePair second = new LanguagePair(pivot, to);
            if (cache.covers(first) && cache.covers(second)) {
                return new Route(query, docs, Route.Kind.PIVOT, List.of(first, second));
            }
        }
        return new Route(query, docs, Route.Kind.NONE, List.of());
    }

    /** Every route between the given languages (query language major, both sorted as given). */
    public List<Route> all(List<String> languages) {
        List<Route> out = new ArrayList<>();
        for (String q : languages) {
            for (String d : languages) {
                out.add(route(q, d));
            }
        }
        return out;
    }

    /** The routes of {@link #all} without a dictionary. */
    public List<Route> uncovered(List<String> languages) {
        return all(languages).stream().filter(r -> r.kind() == Route.Kind.NONE).toList();
    }
}
