package io.clirbench.core.model;

import java.util.Locale;
import java.util.Set;

/** ISO 639-1 language codes, as the dataset layout requires ({@code zh}, not {@code zh-cn}). */
public final class Languages {

    private static final Set<String> ISO_639_1 = Set.of(Locale.getISOLanguages());

    private Languages() {
    }

    /** Whether the code is a lower-case two-letter ISO 639-1 code. */
    public static boolean isIso6391(String code) {
        return code != null && code.length() == 2 && ISO_639_1.contains(code);
    }
}
