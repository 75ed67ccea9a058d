package io.clirbench.core.dataset;

import io.clirbench.core.model.LanguageTag;

/**
 * Checks {@code lang} values: BCP-47 tags and ISO 639-1/2/3 codes, canonicalised by {@link LanguageTag}
 * (ARCHITECTURE.md "Language tags").
 */
public final class LanguageCheck {

    private LanguageCheck() {
    }

    /** Null when {@link LanguageTag#parse} accepts the value, otherwise its message naming the value. */
    public static String problem(String code) {
        try {
            LanguageTag.parse(code);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * Null when every value of a list (an option such as {@code --languages de,fr}) is accepted and no language is
     * given twice (the same identity, e.g. {@code pt} and {@code pt-BR}), otherwise the first problem: a repeated
     * language would count twice in every uniform draw over the list.
     */
    public static String listProblem(java.util.List<String> codes) {
        java.util.Map<String, String> seen = new java.util.HashMap<>();
        for (String code : codes) {
            if (problem(code) != null) {
                return problem(code);
            }
            String before = seen.putIfAbsent(LanguageTag.identityOf(code), code);
            if (before != null) {
                return "language " + JsonValues.quote(code) + " is given twice"
                        + (before.equals(code) ? "" : " (as " + JsonValues.quote(before) + ")");
            }
        }
        return null;
    }

    /** The canonical tags of a list {@link #listProblem} accepts, in its order ({@code pt_BR,fas} → {@code pt-BR,fa}). */
    public static java.util.List<String> canonical(java.util.List<String> codes) {
        return codes.stream().map(LanguageTag::canonical).toList();
    }

    /**
     * The plain ISO 639-1 code probably meant by {@code code}, or null, for the places that still take ISO 639-1 codes
     * only (a composed retriever's pivot): the language subtag of its canonical tag ({@code iw}: {@code he},
     * {@code en-US}: {@code en}, {@code fas}: {@code fa}) when that is an ISO 639-1 code.
     */
    public static String suggestion(String code) {
        if (problem(code) != null) {
            return null;
        }
        String language = LanguageTag.parse(code).language();
        return io.clirbench.core.model.Languages.isIso6391(language) ? language : null;
    }
}
