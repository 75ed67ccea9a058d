package io.clirbench.core.dataset.importer;

/**
 * One relevance judgment read by an importer, with where it was read so that a later check (an id
 * not in the corpus, a pair judged twice) can name the file and line.
 */
public record Judgment(String queryId, String docId, int grade, String file, int line) {

    /** The judgment with {@code prefix} before both ids (ids made unique across the languages of one import). */
    public Judgment prefixed(String prefix) {
        return prefix.isEmpty() ? this : new Judgment(prefix + queryId, prefix + docId, grade, file, line);
    }
}
