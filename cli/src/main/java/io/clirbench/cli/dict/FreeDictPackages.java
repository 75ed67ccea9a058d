package io.clirbench.cli.dict;

import io.clirbench.core.lexicon.LanguagePair;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Debian package names of FreeDict dictionaries: {@code dict-freedict-SRC-TGT} with ISO 639-3 codes
 * ({@code de-en} → {@code dict-freedict-deu-eng}). FreeDict names Romanian {@code rom} (the ISO 639-3 code
 * of Romani) in {@code eng-rom}, "English-Romanian", so {@code ro} tries {@code ron} and then {@code rom}.
 */
public final class FreeDictPackages {

    private static final Map<String, List<String>> EXTRA = Map.of("ro", List.of("ron", "rom"));

    private FreeDictPackages() {
    }

    /** The ISO 639-3 codes FreeDict may use for an ISO 639-1 language, most likely first. */
    static List<String> codes(String iso1) {
        List<String> extra = EXTRA.get(iso1);
        if (extra != null) {
            return extra;
        }
        return List.of(Locale.of(iso1).getISO3Language());
    }

    /** The candidate package names of {@code pair}, most likely first. */
    public static List<String> candidates(LanguagePair pair) {
        List<String> out = new ArrayList<>();
        for (String s : codes(pair.source())) {
            for (String t : codes(pair.target())) {
                out.add("dict-freedict-" + s + "-" + t);
            }
        }
        return out;
    }
}
