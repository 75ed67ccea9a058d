package io.clirbench.core.agentic.configure;

/** A port that translates one document text (ids, URLs, numbers and formulas kept as they are). */
public interface TranslationProvider {

    /** The provider's name as recorded in a configuration's provenance ({@code translation:NAME}). */
    String name();

    /** The text translated from {@code sourceLang} into {@code targetLang} (ISO 639-1 codes). */
    String translate(String text, String sourceLang, String targetLang);
}
