package io.clirbench.lexical;

/** What a {@link LexicalIndex} search scores: which analysed fields, BM25 summed over them. */
public enum LexicalChain {
    /** The text field of the document's language, analysed by that language ({@link LanguageAnalyzers}): the {@code bm25} retriever. */
    STEM,
    /** One language-blind field ({@link PlainAnalyzer}). */
    PLAIN,
    /** Both: a document's score is its {@link #STEM} score plus its {@link #PLAIN} score. */
    STEM_PLAIN
}
