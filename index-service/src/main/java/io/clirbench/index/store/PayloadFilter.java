package io.clirbench.index.store;

import java.util.Set;

/** Payload filter: a point passes when every non-empty set contains its value. */
public record PayloadFilter(Set<String> langs, Set<String> families) {

    public static final PayloadFilter NONE = new PayloadFilter(Set.of(), Set.of());

    public PayloadFilter {
        langs = langs == null ? Set.of() : Set.copyOf(langs);
        families = families == null ? Set.of() : Set.copyOf(families);
    }

    public boolean isEmpty() {
        return langs.isEmpty() && families.isEmpty();
    }

    public boolean matches(String lang, String family) {
        return (langs.isEmpty() || langs.contains(lang)) && (families.isEmpty() || families.contains(family));
    }
}
