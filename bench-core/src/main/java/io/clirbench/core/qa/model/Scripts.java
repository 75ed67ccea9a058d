package io.clirbench.core.qa.model;

import java.util.Map;
import java.util.Set;

/**
 * The language → script table of METRICS.md §4 ("Script relation"): the XHotpotQA inventory (24
 * languages) plus the XQuAD languages (adds {@code ro}) and a few neighbours. A language outside the
 * table is an input error, since its script relation and its tokenisation would be guesses. A BCP-47 tag is looked
 * up by its language subtag ({@code pt-BR} and {@code zh-Hant} are {@code pt} and {@code zh}: Latin and Han), unless
 * it names a script other than that language's default: then by that identity ({@code zh-Hant}: Han; {@code sr-Latn},
 * {@code pa-Arab} are not in the table).
 */
public final class Scripts {

    /** Scripts whose answers are tokenised per character under the {@code unicode} protocol. */
    public static final Set<String> CHARACTER_TOKEN_SCRIPTS = Set.of("Han", "Japanese", "Thai");

    private static final Map<String, String> SCRIPT = Map.ofEntries(
            Map.entry("en", "Latin"), Map.entry("zh", "Han"), Map.entry("hi", "Devanagari"), Map.entry("es", "Latin"),
            Map.entry("ar", "Arabic"), Map.entry("fr", "Latin"), Map.entry("bn", "Bengali"), Map.entry("pt", "Latin"),
            Map.entry("ru", "Cyrillic"), Map.entry("ur", "Arabic"), Map.entry("id", "Latin"), Map.entry("de", "Latin"),
            Map.entry("ja", "Japanese"), Map.entry("tr", "Latin"), Map.entry("vi", "Latin"), Map.entry("sw", "Latin"),
            Map.entry("ko", "Hangul"), Map.entry("fa", "Arabic"), Map.entry("it", "Latin"), Map.entry("th", "Thai"),
            Map.entry("nl", "Latin"), Map.entry("pl", "Latin"), Map.entry("el", "Greek"), Map.entry("sv", "Latin"),
            Map.entry("ro", "Latin"), Map.entry("uk", "Cyrillic"), Map.entry("bg", "Cyrillic"), Map.entry("he", "Hebrew"),
            Map.entry("mr", "Devanagari"), Map.entry("ne", "Devanagari"), Map.entry("ta", "Tamil"), Map.entry("te", "Telugu"),
            Map.entry("cs", "Latin"), Map.entry("da", "Latin"), Map.entry("fi", "Latin"), Map.entry("hu", "Latin"),
            Map.entry("no", "Latin"), Map.entry("ms", "Latin"),
            // a language written in a script other than its default is its own entry (Traditional Chinese)
            Map.entry("zh-Hant", "Han"));

    private Scripts() {
    }

    /** Whether the table knows the language. */
    public static boolean known(String language) {
        return language != null && SCRIPT.containsKey(key(language));
    }

    /** The script of a known language; throws for an unknown one. */
    public static String of(String language) {
        String script = SCRIPT.get(key(language));
        if (script == null) {
            throw new IllegalArgumentException("unknown language '" + language + "': not in the QA language table "
                    + new java.util.TreeSet<>(SCRIPT.keySet()));
        }
        return script;
    }

    // the table's key of a tag: its language subtag when the tag keeps that language's default script
    private static String key(String language) {
        String identity = io.clirbench.core.model.LanguageTag.identityOf(language);
        return identity.indexOf('-') < 0 ? io.clirbench.core.model.LanguageTag.languageOf(language) : identity;
    }

    /** The known languages, sorted. */
    public static Set<String> languages() {
        return new java.util.TreeSet<>(SCRIPT.keySet());
    }
}
