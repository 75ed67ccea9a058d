package io.clirbench.core.agentic.configure;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.model.Document;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds a corpus configuration (METRICS.md §5) of a task: original (no assignment), cross-lingual (each query one
 * evidence language, round-robin over the seeded shuffle of the query ids; all its evidence documents take it;
 * a document that is evidence of several queries keeps the language of the first of them in the shuffled order)
 * or multilingual (evidence documents round-robin over the seeded shuffle of their docids). Evidence = every
 * document judged above 0 in the evidence or gold qrels. The assigned version is the corpus document of the
 * same family in that language; when the corpus has none, the translation provider writes it (docid
 * {@code LANG/SOURCE-DOCID}) and the configuration records {@code translation:PROVIDER} for it.
 */
public final class ConfigurationBuilder {

    private ConfigurationBuilder() {
    }

    /** The result: the configuration and the documents that were translated for it. */
    public record Built(CorpusConfiguration configuration, List<Document> translated) {
    }

    /** Builds configuration {@code rule} over {@code languages} with {@code seed}; {@code provider} may be null (offline). */
    public static Built build(AgentTask task, String rule, List<String> languages, long seed, TranslationProvider provider) {
        Set<String> evidence = new TreeSet<>();
        for (var q : task.queries()) {
            evidence.addAll(task.evidence().relevant(q.queryId()));
            evidence.addAll(task.gold().relevant(q.queryId()));
        }
        Map<String, String> docLanguage = new TreeMap<>();
        Map<String, String> queryLanguage = new TreeMap<>();
        switch (rule) {
            case "original" -> { }
            case "cross-lingual" -> {
                List<String> ids = task.queries().stream().map(q -> q.queryId()).toList();
                Map<String, String> assigned = AssignmentRule.roundRobin(ids, languages, seed);
                queryLanguage.putAll(assigned);
                List<String> shuffledOrder = shuffledOrder(ids, seed);
                for (String q : shuffledOrder) {
                    for (String doc : new TreeSet<>(union(task, q))) {
                        docLanguage.putIfAbsent(doc, assigned.get(q));
                    }
                }
            }
            case "multilingual" -> docLanguage.putAll(AssignmentRule.roundRobin(new ArrayList<>(evidence), languages, seed));
            default -> throw new IllegalArgumentException("unknown configuration rule '" + rule + "'; use one of " + AssignmentRule.RULES);
        }
        return versions(task, rule, docLanguage, queryLanguage, provider);
    }

    private static Set<String> union(AgentTask task, String q) {
        Set<String> docs = new TreeSet<>(task.evidence().relevant(q));
        docs.addAll(task.gold().relevant(q));
        return docs;
    }

    private static List<String> shuffledOrder(List<String> ids, long seed) {
        List<String> order = new ArrayList<>(ids);
        java.util.Collections.sort(order);
        java.util.Collections.shuffle(order, new java.util.Random(seed));
        return order;
    }

    private static Built versions(AgentTask task, String name, Map<String, String> docLanguage,
                                  Map<String, String> queryLanguage, TranslationProvider provider) {
        Map<String, Document> byId = new HashMap<>();
        Map<String, Document> byFamilyAndLang = new HashMap<>();
        for (Document d : task.corpus()) {
            byId.put(d.id(), d);
            byFamilyAndLang.put(d.family() + "\u0000" + d.lang(), d);
        }
        Map<String, String> versions = new LinkedHashMap<>();
        Map<String, String> provenance = new LinkedHashMap<>();
        List<Document> translated = new ArrayList<>();
        for (Map.Entry<String, String> e : docLanguage.entrySet()) {
            Document source = byId.get(e.getKey());
            Document version = byFamilyAndLang.get(source.family() + "\u0000" + e.getValue());
            if (version != null) {
                versions.put(source.id(), version.id());
                provenance.put(version.id(), "corpus");
                continue;
            }
            if (provider == null) {
                throw new IllegalArgumentException("the corpus has no '" + e.getValue() + "' version of '" + source.id()
                        + "' (family '" + source.family() + "') and no translation provider is configured");
            }
            String id = e.getValue() + "/" + source.id();
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("source_id", source.id());
            meta.put("provider", provider.name());
            translated.add(new Document(id, null, provider.translate(source.text(), source.lang(), e.getValue()), e.getValue(),
                    source.family(), meta));
            versions.put(source.id(), id);
            provenance.put(id, "translation:" + provider.name());
        }
        return new Built(new CorpusConfiguration(name, docLanguage, queryLanguage, versions, provenance), translated);
    }
}
