package io.clirbench.core.lexicon;

import io.clirbench.core.model.Languages;
import java.util.Objects;

/**
 * A translation direction between two ISO 639-1 languages, written {@code de-en}.
 *
 * @param source the language translated from
 * @param target the language translated into
 */
public record LanguagePair(String source, String target) {

    public LanguagePair {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        if (!Languages.isIso6391(source) || !Languages.isIso6391(target) || source.equals(target)) {
            throw new IllegalArgumentException("language pair '" + source + "-" + target
                    + "': two different ISO 639-1 codes expected");
        }
    }

    /** Parses {@code de-en}; throws naming the value. */
    public static LanguagePair parse(String text) {
        String[] parts = text.trim().split("-");
        if (parts.length != 2) {
            throw new IllegalArgumentException("language pair '" + text + "': expected SOURCE-TARGET such as de-en");
        }
        return new LanguagePair(parts[0].toLowerCase(java.util.Locale.ROOT), parts[1].toLowerCase(java.util.Locale.ROOT));
    }

    /** The opposite direction. */
    public LanguagePair reversed() {
        return new LanguagePair(target, source);
    }

    @Override
    public String toString() {
        return source + "-" + target;
    }
}
