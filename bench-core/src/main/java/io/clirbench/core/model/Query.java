package io.clirbench.core.model;

import java.util.Map;
import java.util.Objects;

/**
 * One query: a text in one language, optionally in a family (its parallel versions, or the
 * passage it was written from), with free metadata (mode, office, answers, ...).
 *
 * @param id       unique id among the queries
 * @param text     the text; empty only when read for evaluation alone ({@code DatasetReader.readForEvaluation})
 * @param lang     language tag, canonical as {@link LanguageTag} writes it ({@code de}, {@code pt-BR}, {@code zh-Hant})
 * @param family   the query's family; the query id itself when the file gives none
 * @param metadata any further fields of the JSONL line, in file order (unmodifiable)
 */
public record Query(String id, String text, String lang, String family, Map<String, Object> metadata) {

    public Query {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(lang, "lang");
        family = family == null ? id : family;
        metadata = metadata == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
    }
}
