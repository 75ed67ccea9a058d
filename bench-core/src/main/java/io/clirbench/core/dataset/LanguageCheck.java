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
        String hint = hint(code);
        return hint == null ? message : message + " (use '" + hint + "')";
    }

    // "zh-cn", "pt_BR", "EN": the primary subtag, lower-cased, is what the layout expects
    private static String hint(String code) {
        if (Languages.replacementOf(code) != null) {
            return Languages.replacementOf(code);
        }
        String primary = code.split("[-_]", 2)[0].toLowerCase(Locale.ROOT);
        return Languages.isIso6391(primary) ? primary : null;
    }
}
