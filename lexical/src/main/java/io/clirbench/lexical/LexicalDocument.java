package io.clirbench.lexical;

/**
 * A text to index: its doc id, ISO 639-1 language (chooses the analyzer and field) and parallel family.
 *
 * @param docId  the document id (unique in the index; indexing it again replaces it)
 * @param lang   the language
 * @param family the family (filterable)
 * @param text   the text
 */
public record LexicalDocument(String docId, String lang, String family, String text) {
}
