package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.LanguageTag;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What runs are scored against: the questions, evidence and gold qrels, and, with a task, the corpus (docid →
 * family, so any language version of a judged document counts, and the docids citations are checked against)
 * and each query's evidence language under the chosen configuration. Corpus-less (BrowseComp-Plus users):
 * docids are compared as strings and citations use BrowseComp-Plus's rule.
 *
 * @param questions         the questions in order
 * @param evidence          evidence qrels
 * @param gold              gold qrels, {@code null} when not given
 * @param familyOf          docid → family; {@code null} corpus-less
 * @param evidenceLanguage  query → evidence language under the configuration; empty corpus-less
 * @param resourceGroups    group → languages (high / low resource), as the task declares
 * @param judgements        query → judgement; {@code null}: the exact-match rule labels answers
 * @param configuration     the configuration name, {@code null} corpus-less
 * @param configuredVersion family → the docid the configured corpus holds for it (METRICS.md §5: a family counts as
 *                          retrieved when that version was returned); empty: any version counts
 */
public record AgentBenchmark(List<GroundTruth> questions, EvidenceQrels evidence, EvidenceQrels gold,
                             Map<String, String> familyOf, Map<String, String> evidenceLanguage,
                             Map<String, List<String>> resourceGroups, Map<String, Judgement> judgements,
                             String configuration, Map<String, String> configuredVersion) {

    public AgentBenchmark {
        questions = List.copyOf(questions);
        evidenceLanguage = Map.copyOf(evidenceLanguage);
        resourceGroups = new LinkedHashMap<>(resourceGroups);
        configuredVersion = configuredVersion == null ? Map.of() : Map.copyOf(configuredVersion);
    }

    /** Without configured versions: a family counts as retrieved when any of its versions was returned. */
    public AgentBenchmark(List<GroundTruth> questions, EvidenceQrels evidence, EvidenceQrels gold, Map<String, String> familyOf,
                          Map<String, String> evidenceLanguage, Map<String, List<String>> resourceGroups,
                          Map<String, Judgement> judgements, String configuration) {
        this(questions, evidence, gold, familyOf, evidenceLanguage, resourceGroups, judgements, configuration, Map.of());
    }

    /** Corpus-less: BrowseComp-Plus qrels and ground truth. */
    public static AgentBenchmark corpusLess(List<GroundTruth> questions, EvidenceQrels evidence, EvidenceQrels gold,
                                            Map<String, Judgement> judgements) {
        return new AgentBenchmark(questions, evidence, gold, null, Map.of(), Map.of(), judgements, null, Map.of());
    }

    /**
     * A task under one configuration (METRICS.md §5). A query's evidence language is the language of the versions
     * that the configuration's corpus holds for its evidence families (the families of its evidence documents, so
     * family-level qrels that list every language version give one language, not {@code mixed}); cross-lingual:
     * the query's {@code query_lang_assignment.json} entry. {@code mixed} only when those versions really differ. A
     * family the configured corpus holds no version of counts with the assigned (else own) language of its judged
     * documents. Languages are compared and grouped by their identity ({@link LanguageTag#identityOf}: {@code pt-BR}
     * and {@code pt} are one row, {@code zh-Hant} another than {@code zh}), resource groups included.
     */
    public static AgentBenchmark of(AgentTask task, String configurationName, Map<String, Judgement> judgements) {
        CorpusConfiguration configuration = task.configuration(configurationName);
        Map<String, String> familyOf = new HashMap<>();
        Map<String, String> langOf = new HashMap<>();
        for (Document d : task.corpus()) {
            familyOf.put(d.id(), d.family());
            langOf.put(d.id(), LanguageTag.identityOf(d.lang()));
        }
        Map<String, String> versionOf = ConfiguredCorpus.versionOfFamily(task, configuration);
        Map<String, String> evidenceLanguage = new HashMap<>();
        for (GroundTruth q : task.queries()) {
            Set<String> docs = task.evidence().relevant(q.queryId());
            if (docs.isEmpty()) {
                continue;
            }
            String assigned = configuration.queryLanguage().get(q.queryId());
            if (assigned != null) {
                evidenceLanguage.put(q.queryId(), LanguageTag.identityOf(assigned));
                continue;
            }
            Set<String> langs = new LinkedHashSet<>();
            for (String doc : docs) {
                String version = versionOf.get(familyOf.getOrDefault(doc, doc));
                String assignedDoc = configuration.docLanguage().get(doc);
                langs.add(version != null ? langOf.get(version) : assignedDoc != null ? LanguageTag.identityOf(assignedDoc) : langOf.get(doc));
            }
            evidenceLanguage.put(q.queryId(), langs.size() == 1 ? langs.iterator().next() : "mixed");
        }
        Map<String, List<String>> groups = new java.util.LinkedHashMap<>();
        task.resourceGroups().forEach((g, langs) -> groups.put(g, langs.stream().map(LanguageTag::identityOf).toList()));
        return new AgentBenchmark(task.queries(), task.evidence(), task.gold(), familyOf, evidenceLanguage,
                groups, judgements, configurationName, versionOf);
    }

    /** Whether a corpus is at hand (task mode). */
    public boolean hasCorpus() {
        return familyOf != null;
    }

    /** The family of a docid (the docid itself corpus-less or when unknown). */
    public String family(String docid) {
        return familyOf == null ? docid : familyOf.getOrDefault(docid, docid);
    }
}
