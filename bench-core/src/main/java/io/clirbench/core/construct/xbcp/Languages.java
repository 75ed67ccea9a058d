package io.clirbench.core.construct.xbcp;

import java.util.Locale;

/** How prompts name a language: its English name and code, e.g. {@code German (de)}. */
final class Languages {

    private Languages() {
    }

    static String name(String code) {
        String name = Locale.forLanguageTag(code).getDisplayLanguage(Locale.ENGLISH);
        return name.isBlank() || name.equals(code) ? code : name + " (" + code + ")";
    }
}
