package io.clirbench.core.agentic.configure;

/** One text a configuration needs translated: a document, a query or the oracle prompt, from one language into another. */
public record TextTranslation(String text, String sourceLang, String targetLang) {
}
