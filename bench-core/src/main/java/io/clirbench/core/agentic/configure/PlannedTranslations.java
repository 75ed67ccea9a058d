package io.clirbench.core.agentic.configure;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The translations a configuration (and its oracle settings) need, found by building them once with this provider,
 * which records each text asked for and answers it unchanged (so the builders' checks of a translated oracle prompt
 * pass); then, once a build step has translated them, {@link #answered} gives the provider the real build reads.
 * {@link ConfigurationBuilder} and {@link OracleSettings} stay as they are: they ask a provider text by text.
 */
public final class PlannedTranslations implements TranslationProvider {

    private final String name;
    private final Set<TextTranslation> asked = new LinkedHashSet<>();

    /** {@code name}: the provider's name the configuration records ({@code translation:NAME}). */
    public PlannedTranslations(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized String translate(String text, String sourceLang, String targetLang) {
        asked.add(new TextTranslation(text, sourceLang, targetLang));
        return text;
    }

    /** Every distinct text asked for, in the order first asked. */
    public synchronized List<TextTranslation> asked() {
        return new ArrayList<>(asked);
    }

    /** The provider answering every planned text with its translation; a text not planned is an error (a builder changed). */
    public TranslationProvider answered(Map<TextTranslation, String> translations) {
        Map<TextTranslation, String> copy = Map.copyOf(translations);
        return new TranslationProvider() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String translate(String text, String sourceLang, String targetLang) {
                String t = copy.get(new TextTranslation(text, sourceLang, targetLang));
                if (t == null) {
                    throw new IllegalStateException("no translation was planned for a " + sourceLang + " text into " + targetLang);
                }
                return t;
            }
        };
    }
}
