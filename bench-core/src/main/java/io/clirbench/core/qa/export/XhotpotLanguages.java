package io.clirbench.core.qa.export;

import java.util.List;
import java.util.Set;

/**
 * The 24 language codes XHotpotQA v0.4.0 accepts ({@code xhotpotqa/languages.py}, {@code LANGUAGES}); its loader
 * ({@code require_language}) refuses every other code, so an instance that uses one cannot be handed to it.
 */
public final class XhotpotLanguages {

    /** In the peer's table order. */
    public static final List<String> CODES = List.of("en", "zh", "hi", "es", "ar", "fr", "bn", "pt", "ru", "ur", "id", "de", "ja",
            "tr", "vi", "sw", "ko", "fa", "it", "th", "nl", "pl", "el", "sv");

    private static final Set<String> SET = Set.copyOf(CODES);

    private XhotpotLanguages() {
    }

    /** Whether XHotpotQA's loader accepts this code. */
    public static boolean supports(String code) {
        return code != null && SET.contains(code);
    }
}
