package io.clirbench.core.lexicon;

import java.util.List;

/**
 * How a query in one language reaches documents in another.
 *
 * @param query the query language
 * @param docs  the document language
 * @param kind  same language, a direct lexicon, two lexicons through a pivot, or no dictionary
 * @param steps the directions translated along, in order (empty for SAME and NONE)
 */
public record Route(String query, String docs, Kind kind, List<LanguagePair> steps) {

    /** The kinds of route. */
    public enum Kind { SAME, DIRECT, PIVOT, NONE }

    public Route {
        steps = List.copyOf(steps);
    }

    /** {@code de→en direct}, {@code ar→de via en}, {@code th→de no dictionary}. */
    public String describe() {
        String head = query + "→" + docs;
        return switch (kind) {
            case SAME -> head + " same language";
            case DIRECT -> head + " direct";
            case PIVOT -> head + " via " + steps.getFirst().target();
            case NONE -> head + " no dictionary";
        };
    }
}
