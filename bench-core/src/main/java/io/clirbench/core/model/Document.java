package io.clirbench.core.model;

import java.util.Map;
import java.util.Objects;

/**
 * One corpus document: a text in one language, member of a family of parallel versions
 * (all language versions of one patent, one paragraph, ...). See ARCHITECTURE.md "Dataset layout".
 *
 * @param id       unique id within the corpus
 * @param title    optional title ({@code null} when absent)
 * @param text     the text; empty only when read for evaluation alone ({@code DatasetReader.readForEvaluation})
 * @param lang     language tag, canonical as {@link LanguageTag} writes it ({@code de}, {@code pt-BR}, {@code zh-Hant})
 * @param family   the parallel group this document belongs to
 * @param metadata any further fields of the JSONL line, in file order (unmodifiable)
 */
public record Document(String id, String title, String text, String lang, String family, Map<String, Object> metadata) {

    public Document {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(lang, "lang");
        Objects.requireNonNull(family, "family");
        metadata = metadata == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
    }

    /**
     * The text an encoder embeds and BM25 indexes for this document: the title, a blank line and the
     * text, or the text alone when the title is absent or blank.
     */
    public String indexedText() {
        return title == null || title.isBlank() ? text : title + "\n\n" + text;
    }
}
