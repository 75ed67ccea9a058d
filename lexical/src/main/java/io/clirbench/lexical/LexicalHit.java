package io.clirbench.lexical;

/** One BM25 search result. */
public record LexicalHit(String docId, float score, String lang, String family) {
}
