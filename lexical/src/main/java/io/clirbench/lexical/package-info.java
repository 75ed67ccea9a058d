/**
 * BM25 over texts with one Lucene field and analyzer per language ({@link io.clirbench.lexical.LanguageAnalyzers},
 * {@link io.clirbench.lexical.LexicalIndex}): the one implementation that the index-service and the CLI's offline
 * baseline agent share. Plain Java, no framework.
 */
package io.clirbench.lexical;
