package io.clirbench.core.model;

import com.ibm.icu.util.IllformedLocaleException;
import com.ibm.icu.util.ULocale;
import io.clirbench.core.io.InputLimits;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A language as a {@code lang} field holds it: a BCP-47 tag or an ISO 639-1/2/3 code, canonicalised with ICU4J
 * (ARCHITECTURE.md "Language tags").
 *
 * <p>Canonical form: underscores become hyphens ({@code pt_br} → {@code pt-BR}), case is normalised
 * ({@code ZH-hant} → {@code zh-Hant}), deprecated and 3-letter codes take their shortest form by ICU's alias data
 * ({@code fas} → {@code fa}, {@code zho} → {@code zh}, {@code iw} → {@code he}, {@code sh} → {@code sr-Latn}). Two
 * choices of ours on top of ICU:
 * <ul>
 *   <li>a current ISO 639-1 code is kept as written: ICU rewrites a few of them ({@code tl} → {@code fil},
 *       {@code tw} → {@code ak}, {@code bh} → {@code bho}), which would rename the languages of datasets written
 *       with plain ISO 639-1 codes;</li>
 *   <li>Norwegian Bokmål {@code nb} (ISO 639-3 {@code nob}) is written {@code no}, the macrolanguage code that
 *       ISO 639-1 datasets and stemmers use for it: ICU keeps both, so without this {@code no} and {@code nb}
 *       would be two languages. Nynorsk {@code nn} stays a language of its own.</li>
 * </ul>
 *
 * <p>Refused (an {@link IllegalArgumentException} naming the value): what is not a well-formed BCP-47 tag
 * ({@code xx1}, {@code en--US}, the empty string), a tag without a language ({@code und}, {@code x-klingon}), and a
 * language subtag ICU has no likely-subtags data for, which is every code that names no language ICU knows:
 * {@code xx}, {@code english}, {@code qaa}. The last rule refuses a few real but rare ISO 639-3 codes (Klingon
 * {@code tlh}); it keeps the language identity below always defined and catches typos and English names.
 *
 * <p><b>Identity</b> (same- vs cross-language, per-language tables, routes) is the pair (language subtag, script),
 * the script taken from ICU's likely subtags when the tag gives none: {@code pt-BR} = {@code pt-PT} = {@code pt};
 * {@code zh} = {@code zh-CN} = {@code zh-Hans} ≠ {@code zh-Hant} = {@code zh-TW}; {@code sr-Cyrl} ≠ {@code sr-Latn}.
 * It is printed as the shortest tag that keeps it: the language alone when the script is the language's default
 * (the likely script of the bare language subtag), otherwise language and script ({@code zh-Hant}, {@code sr-Latn}).
 * The region (and any variant or extension) stays in {@link #tag()} but never splits a language. For a plain
 * ISO 639-1 code the canonical tag and the identity are the code itself, so such datasets keep their numbers.
 *
 * @param tag      the canonical tag, e.g. {@code pt-BR}, {@code zh-Hant-TW}, {@code fa}
 * @param language the language subtag, e.g. {@code pt}; what analyzers, stemmers and dictionaries are chosen by
 * @param script   the script, given or likely, e.g. {@code Latn}
 * @param identity the printed identity, e.g. {@code pt}, {@code zh-Hant}
 */
public record LanguageTag(String tag, String language, String script, String identity) {

    /** The accepted values seen (readers parse every line's value; a dataset holds a handful of distinct ones). */
    private static final Map<String, LanguageTag> PARSED = new ConcurrentHashMap<>();
    /** Identity of the values seen, refused ones included, for the comparisons of evaluation. */
    private static final Map<String, String> IDENTITIES = new ConcurrentHashMap<>();
    /** Values kept in each cache: a dataset of endless distinct tags (private-use suffixes) is computed, not cached. */
    private static final int CACHED = 4096;

    /** Canonicalises {@code value}; an {@link IllegalArgumentException} naming it when it is refused (see above). */
    public static LanguageTag parse(String value) {
        LanguageTag known = value == null ? null : PARSED.get(value);
        if (known != null) {
            return known;
        }
        LanguageTag tag = canonicalise(value);
        if (PARSED.size() < CACHED) {
            PARSED.put(value, tag);
        }
        return tag;
    }

    private static LanguageTag canonicalise(String value) {
        if (value == null) {
            throw new IllegalArgumentException("language null is not a language tag");
        }
        ULocale parsed;
        try {
            parsed = new ULocale.Builder().setLanguageTag(value.replace('_', '-')).build();
        } catch (IllformedLocaleException e) {
            throw refused(value, "is not a BCP-47 language tag or ISO 639 code"
                    + (value.isEmpty() ? "" : " (ill-formed at character " + (e.getErrorIndex() + 1) + ")"));
        }
        if (parsed.getLanguage().isEmpty()) {
            throw refused(value, "names no language (BCP-47 tag or ISO 639 code expected)");
        }
        ULocale canonical = Languages.isIso6391(parsed.getLanguage())
                ? parsed : ULocale.createCanonical(parsed);
        String language = canonical.getLanguage();
        if (language.equals("nb")) {
            canonical = new ULocale.Builder().setLocale(canonical).setLanguage("no").build();
            language = "no";
        }
        String defaultScript = likelyScript(language);
        if (defaultScript.isEmpty()) {
            throw refused(value, "is not a language ICU knows (BCP-47 tag or ISO 639 code expected)");
        }
        String script = canonical.getScript().isEmpty()
                ? ULocale.addLikelySubtags(canonical).getScript() : canonical.getScript();
        String identity = script.equals(defaultScript) ? language : language + "-" + script;
        return new LanguageTag(canonical.toLanguageTag(), language, script, identity);
    }

    /** The canonical tag of {@code value} ({@code pt_br} → {@code pt-BR}); refused values as {@link #parse}. */
    public static String canonical(String value) {
        return parse(value).tag();
    }

    /**
     * The printed identity of {@code value} ({@code zh-TW} → {@code zh-Hant}, {@code pt-BR} → {@code pt}): the key
     * by which languages are grouped and compared. A value {@link #parse} refuses is its own identity, so code that
     * compares languages never fails on one (readers refuse such values before evaluation sees them).
     */
    public static String identityOf(String value) {
        if (value == null) {
            return null;
        }
        String known = IDENTITIES.get(value);
        if (known != null) {
            return known;
        }
        String identity;
        try {
            identity = parse(value).identity();
        } catch (IllegalArgumentException e) {
            identity = value;
        }
        if (IDENTITIES.size() < CACHED) {
            IDENTITIES.put(value, identity);
        }
        return identity;
    }

    /** Whether two values name the same language: equal identities ({@code pt-BR} and {@code pt}: yes). */
    public static boolean sameLanguage(String a, String b) {
        return a.equals(b) || identityOf(a).equals(identityOf(b));
    }

    /**
     * The language subtag of {@code value} ({@code pt-BR} → {@code pt}), what analyzers and stemmers are chosen by;
     * for a value {@link #parse} refuses, the value lower-cased up to its first hyphen or underscore.
     */
    public static String languageOf(String value) {
        try {
            return parse(value).language();
        } catch (IllegalArgumentException e) {
            return value.split("[-_]", 2)[0].toLowerCase(Locale.ROOT);
        }
    }

    private static String likelyScript(String language) {
        return ULocale.addLikelySubtags(new ULocale(language)).getScript();
    }

    private static IllegalArgumentException refused(String value, String why) {
        StringBuilder shown = new StringBuilder();
        value.chars().forEach(c -> shown.append(Character.isISOControl(c) ? String.format(Locale.ROOT, "\\u%04X", c)
                : String.valueOf((char) c)));
        return new IllegalArgumentException("language '" + InputLimits.shorten(shown.toString()) + "' " + why);
    }
}
