package io.clirbench.core.llm;

import java.util.Locale;

/** How prompts name a language: its English name and code, e.g. {@code German (de)}. */
public final class Languages {

    private Languages() {
    }

    public static String name(String code) {
        String name = Locale.forLanguageTag(code).getDisplayLanguage(Locale.ENGLISH);
        return name.isBlank() || name.equals(code) ? code : name + " (" + code + ")";
    }
}
