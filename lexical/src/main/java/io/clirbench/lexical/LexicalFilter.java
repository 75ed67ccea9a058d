package io.clirbench.lexical;

import java.util.Set;

/** A search filter: a document passes when every non-empty set contains its value (language, family). */
public record LexicalFilter(Set<String> langs, Set<String> families) {

    /** No filter. */
    public static final LexicalFilter NONE = new LexicalFilter(Set.of(), Set.of());

    public LexicalFilter {
        langs = langs == null ? Set.of() : Set.copyOf(langs);
        families = families == null ? Set.of() : Set.copyOf(families);
    }

    /** Whether neither set restricts anything. */
    public boolean isEmpty() {
        return langs.isEmpty() && families.isEmpty();
    }
}
