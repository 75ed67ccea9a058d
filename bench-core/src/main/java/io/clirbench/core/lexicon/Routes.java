package io.clirbench.core.lexicon;

import java.util.ArrayList;
import java.util.List;

/**
 * The routes of every (query language, document language) over a {@link LexiconCache}: the same language;
 * a direct lexicon (stored, or the reversal of the opposite one); else, with a pivot, query → pivot → documents;
 * else no dictionary.
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
        if (query.equals(docs)) {
            return new Route(query, docs, Route.Kind.SAME, List.of());
        }
        LanguagePair direct = new LanguagePair(query, docs);
        if (cache.covers(direct)) {
            return new Route(query, docs, Route.Kind.DIRECT, List.of(direct));
        }
        if (pivot != null && !pivot.equals(query) && !pivot.equals(docs)) {
            LanguagePair first = new LanguagePair(query, pivot);
            LanguagePair second = new LanguagePair(pivot, docs);
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
