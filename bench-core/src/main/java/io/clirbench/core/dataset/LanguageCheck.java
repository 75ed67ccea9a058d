package io.clirbench.core.dataset;

import io.clirbench.core.model.Languages;

import java.util.Locale;

/** Checks language codes against ISO 639-1 and suggests the code that was probably meant. */
public final class LanguageCheck {

    private LanguageCheck() {
    }

    /** Null when the code is valid ISO 639-1, otherwise a message naming the value (and a hint when one exists). */
    public static String problem(String code) {
        if (Languages.isIso6391(code)) {
            return null;
        }
        String message = "language " + JsonValues.quote(code) + " is not an ISO 639-1 code";
        String hint = suggestion(code);
        return hint == null ? message : message + " (use '" + hint + "')";
    }

    /**
     * Null when every code of a list (an option such as {@code --languages de,fr}) is valid ISO 639-1 and none is given
     * twice, otherwise the first problem: a repeated code would count twice in every uniform draw over the list.
     */
    public static String listProblem(java.util.List<String> codes) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String code : codes) {
            if (problem(code) != null) {
                return problem(code);
            }
            if (!seen.add(code)) {
                return "language " + JsonValues.quote(code) + " is given twice";
            }
        }
        return null;
    }

    /**
     * The ISO 639-1 code probably meant by {@code code}, or null: a withdrawn code's replacement ({@code iw}: {@code he}), or
     * the primary subtag lower-cased ("zh-cn", "pt_BR", "EN": what the layout expects).
     */
    public static String suggestion(String code) {
        if (Languages.replacementOf(code) != null) {
            return Languages.replacementOf(code);
        }
        String primary = code.split("[-_]", 2)[0].toLowerCase(Locale.ROOT);
        return Languages.isIso6391(primary) ? primary : null;
    }
}
