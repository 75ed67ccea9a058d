package io.clirbench.core.build.xbcp;

/** One evidence document to translate: its docid and language, the target language, and its text. */
public record TranslationRequest(String sourceId, String sourceLang, String targetLang, String text) {

    /** The docid the configuration gives the translation ({@code LANG/SOURCE-DOCID}, as {@code bench agent configure}). */
    public String translatedId() {
        return targetLang + "/" + sourceId;
    }
}
