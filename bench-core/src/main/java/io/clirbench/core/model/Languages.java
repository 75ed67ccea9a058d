package io.clirbench.core.model;

import java.util.Locale;
import java.util.Set;

/**
 * ISO 639-1 language codes: what {@link LanguageTag} keeps as written, and what still names files and models (a composed
 * retriever's pivot, lexicon pairs). A {@code lang} field takes any language tag ({@link LanguageTag}).
 */
public final class Languages {

    /** Codes ISO 639-1 withdrew (the JDK still lists them) and their replacements. */
    private static final java.util.Map<String, String> WITHDRAWN = java.util.Map.of("iw", "he", "in", "id", "ji", "yi", "mo", "ro");

    private static final Set<String> ISO_639_1 = java.util.Arrays.stream(Locale.getISOLanguages())
            .filter(code -> !WITHDRAWN.containsKey(code)).collect(java.util.stream.Collectors.toUnmodifiableSet());

    private Languages() {
    }

    /** The current code for a withdrawn one ({@code iw} → {@code he}), or {@code null}. */
    public static String replacementOf(String code) {
        return WITHDRAWN.get(code);
    }

    /** Whether the code is a lower-case two-letter ISO 639-1 code in use (withdrawn codes such as {@code iw} are not). */
    public static boolean isIso6391(String code) {
        return code != null && code.length() == 2 && ISO_639_1.contains(code);
    }
}
