/** BM25 over texts with one Lucene field and analyzer per language ({@link io.clirbench.index.bm25.LanguageAnalyzers}). */
package io.clirbench.index.bm25;
