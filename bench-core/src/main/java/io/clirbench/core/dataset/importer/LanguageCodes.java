package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Languages;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Maps the language codes of the standard collections to the ISO 639-1 codes the dataset layout
 * accepts: ISO 639-1 itself ({@code fa}, MIRACL), ISO 639-3 ({@code fas}, {@code rus}, {@code zho}:
 * NeuCLIR, HC4), language tags with a script or region ({@code zho-Hans}, {@code fas-Arab}: MTEB;
 * {@code zh-CN}, {@code pt_BR}), withdrawn codes ({@code iw}) and English language names
 * ({@code persian}, {@code Chinese}: NoMIRACL's directories). Derived from the JDK's ISO tables
 * ({@link Locale#getISOLanguages()}, {@link Locale#getISO3Language()},
 * {@link Locale#getDisplayLanguage(Locale)}), not a hand list: every ISO 639-1 language the JDK knows
 * maps, and nothing else does. ISO 639-2/B codes ({@code per}, {@code chi}) are not in those tables
 * and do not map.
 */
public final class LanguageCodes {

    private static final Map<String, String> TO_ISO_639_1 = table();

    private LanguageCodes() {
    }

    private static Map<String, String> table() {
        Map<String, String> map = new HashMap<>();
        for (String code : Locale.getISOLanguages()) {
            String current = Languages.replacementOf(code) != null ? Languages.replacementOf(code) : code;
            if (!Languages.isIso6391(current)) {
                continue;
            }
            map.put(code, current);
            Locale locale = Locale.of(current);
            map.putIfAbsent(locale.getISO3Language(), current);
            map.putIfAbsent(locale.getDisplayLanguage(Locale.ENGLISH).toLowerCase(Locale.ROOT), current);
        }
        return Map.copyOf(map);
    }

    /** The ISO 639-1 code for {@code code}, or null when it names no ISO 639-1 language. */
    public static String toIso6391(String code) {
        if (code == null || code.isBlank()) {
            return null;
        }
        String lower = code.strip().toLowerCase(Locale.ROOT);
        String whole = TO_ISO_639_1.get(lower);
        if (whole != null) {
            return whole;
        }
        // a tag: the primary subtag names the language (zho-Hans, zh-CN, pt_BR)
        String primary = lower.split("[-_]", 2)[0];
        return primary.equals(lower) ? null : TO_ISO_639_1.get(primary);
    }

    /**
     * The ISO 639-1 code for {@code code}; null, with a problem naming file, line and value recorded,
     * when there is none.
     *
     * @param what the field or column the code came from, e.g. {@code lang}
     */
    public static String canonical(String code, String what, String file, int line, Problems problems) {
        String iso = toIso6391(code);
        if (iso == null) {
            problems.add(file, line, what + ": language " + JsonValues.quote(String.valueOf(code))
                    + " is neither an ISO 639-1 nor an ISO 639-3 code, nor a language tag or English name of one");
        }
        return iso;
    }
}
