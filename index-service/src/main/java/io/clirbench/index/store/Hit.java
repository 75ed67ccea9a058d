package io.clirbench.index.store;

/** One search result. */
public record Hit(String docId, float score, String lang, String family) {
}
