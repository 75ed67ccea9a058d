package io.clirbench.core.agentic.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A corpus configuration (METRICS.md §5, ARCHITECTURE.md "Agentic task layout"): per evidence document the
 * language version the agent's corpus holds; negatives stay in their source language.
 *
 * @param name          {@code original}, {@code cross-lingual}, {@code multilingual} or another name
 * @param docLanguage   source evidence docid → assigned language ({@code lang_assignment.json}); empty for original
 * @param queryLanguage query → evidence language ({@code query_lang_assignment.json}); cross-lingual only
 * @param versions      source evidence docid → the docid of the version the configured corpus holds
 * @param provenance    configured docid → where its text came from ({@code corpus} or {@code translation:PROVIDER})
 */
public record CorpusConfiguration(String name, Map<String, String> docLanguage, Map<String, String> queryLanguage,
                                  Map<String, String> versions, Map<String, String> provenance) {

    public CorpusConfiguration {
        docLanguage = copy(docLanguage);
        queryLanguage = copy(queryLanguage);
        versions = copy(versions);
        provenance = copy(provenance);
    }

    private static Map<String, String> copy(Map<String, String> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
