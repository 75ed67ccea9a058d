package io.clirbench.core.agentic.configure;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.model.Document;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the oracle variants of a configuration (METRICS.md §5 "Oracle settings"): per query with evidence, the
 * documents the agent is given (one per evidence family, the distinct documents judged above 0 in the evidence qrels,
 * in qrels order), the question and, for ORACLE-TQ+TP, the instructions in the target language. ORACLE: the versions
 * the configuration holds; EN-Oracle: the source-language versions; ORACLE-TQ+TP: the configuration's versions, the
 * question and the instructions translated through the {@link TranslationProvider} port into the query's evidence
 * language under the configuration (left as they are where that is the source language; a query whose evidence
 * versions differ in language, {@code mixed}, is left out and listed). Every translation is recorded in provenance
 * ({@code translation:PROVIDER}).
 */
public final class OracleSettings {

    private OracleSettings() {
    }

    /**
     * One query of a variant.
     *
     * @param queryId      the query id
     * @param language     the language of the question and instructions as given (the evidence language for TQ+TP)
     * @param query        the question as given
     * @param docids       the documents given, in order
     * @param instructions the instructions with their markers ({@link OraclePrompt}); {@code null}: the English ones
     * @param provenance   {@code query} and {@code instructions} → {@code source} or {@code translation:PROVIDER}
     */
    public record Query(String queryId, String language, String query, List<String> docids, String instructions,
                        Map<String, String> provenance) {

        public Query {
            docids = List.copyOf(docids);
            provenance = provenance == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
        }
    }

    /**
     * One variant of one configuration.
     *
     * @param configuration the configuration
     * @param variant       the variant
     * @param queries       the queries given, in task order
     * @param skipped       query → why it was left out
     */
    public record Variant(String configuration, OracleVariant variant, List<Query> queries, Map<String, String> skipped) {

        public Variant {
            queries = List.copyOf(queries);
            skipped = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(skipped));
        }
    }

    /** Builds {@code variant} of configuration {@code name}; {@code provider} is needed only where TQ+TP translates. */
    public static Variant build(AgentTask task, String name, OracleVariant variant, TranslationProvider provider) {
        CorpusConfiguration configuration = task.configuration(name);
        String source = ConfiguredCorpus.sourceLanguage(task);
        Map<String, String> familyOf = new HashMap<>();
        task.corpus().forEach(d -> familyOf.put(d.id(), d.family()));
        Map<String, String> held = ConfiguredCorpus.versionOfFamily(task,
                variant == OracleVariant.EN_ORACLE ? new CorpusConfiguration(name, null, null, null, null) : configuration);
        Map<String, String> evidenceLanguage = variant == OracleVariant.ORACLE_TQ_TP
                ? AgentBenchmark.of(task, name, null).evidenceLanguage() : Map.of();
        Map<String, String> translatedInstructions = new HashMap<>();
        List<Query> queries = new ArrayList<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        for (GroundTruth q : task.queries()) {
            Set<String> docs = new LinkedHashSet<>();
            for (String d : task.evidence().relevant(q.queryId())) {
                String version = held.get(familyOf.getOrDefault(d, d));
                docs.add(version != null ? version : d);
            }
            if (docs.isEmpty()) {
                skipped.put(q.queryId(), "no evidence judged above 0");
                continue;
            }
            if (variant != OracleVariant.ORACLE_TQ_TP) {
                queries.add(new Query(q.queryId(), q.lang(), q.query(), new ArrayList<>(docs), null, Map.of("query", "source",
                        "instructions", "source")));
                continue;
            }
            String target = evidenceLanguage.get(q.queryId());
            if (target == null || target.equals("mixed")) {
                skipped.put(q.queryId(), "its evidence versions are in more than one language (mixed): no one target language");
                continue;
            }
            Map<String, String> provenance = new LinkedHashMap<>();
            String query = q.query();
            String instructions = null;
            if (target.equals(q.lang())) {
                provenance.put("query", "source");
            } else {
                query = translate(provider, q.query(), q.lang(), target, "query " + q.queryId());
                provenance.put("query", "translation:" + provider.name());
            }
            if (target.equals(source)) {
                provenance.put("instructions", "source");
            } else {
                instructions = translatedInstructions.computeIfAbsent(target, t -> {
                    String text = translate(provider, OraclePrompt.INSTRUCTIONS, source, t, "the oracle prompt");
                    String problem = OraclePrompt.problem(text);
                    if (problem != null) {
                        throw new IllegalStateException(provider.name() + ": into '" + t + "', " + problem);
                    }
                    return text;
                });
                provenance.put("instructions", "translation:" + provider.name());
            }
            queries.add(new Query(q.queryId(), target, query, new ArrayList<>(docs), instructions, provenance));
        }
        return new Variant(name, variant, queries, skipped);
    }

    private static String translate(TranslationProvider provider, String text, String from, String to, String what) {
        if (provider == null) {
            throw new IllegalArgumentException("ORACLE-TQ+TP needs " + what + " in '" + to + "' and no translation provider is"
                    + " configured (--translator)");
        }
        return provider.translate(text, from, to);
    }

    /** The documents a query is given, from the task corpus (translated versions included); an error names a missing one. */
    public static List<Document> documents(AgentTask task, Query query) {
        Map<String, Document> byId = new HashMap<>();
        task.corpus().forEach(d -> byId.put(d.id(), d));
        List<Document> out = new ArrayList<>();
        for (String id : query.docids()) {
            Document d = byId.get(id);
            if (d == null) {
                throw new IllegalArgumentException("oracle query " + query.queryId() + ": document '" + id + "' is not in the task corpus");
            }
            out.add(d);
        }
        return out;
    }
}
