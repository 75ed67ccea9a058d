package io.clirbench.core.agentic.model;

import io.clirbench.core.model.Document;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An agentic task (ARCHITECTURE.md "Agentic task layout"): the corpus with every language version, questions
 * with answers, evidence and gold qrels (family-level: any language version of a judged document counts), and
 * the corpus configurations.
 *
 * @param id             the task id
 * @param info           the {@code dataset.json} fields, in file order
 * @param corpus         every document, every language version
 * @param queries        the questions with their answers, in file order
 * @param evidence       evidence qrels
 * @param gold           gold qrels
 * @param configurations the configurations by name, in {@code dataset.json} order
 * @param resourceGroups group name ({@code high}, {@code low}) → languages, as {@code dataset.json} declares
 */
public record AgentTask(String id, Map<String, Object> info, List<Document> corpus, List<GroundTruth> queries,
                        EvidenceQrels evidence, EvidenceQrels gold, Map<String, CorpusConfiguration> configurations,
                        Map<String, List<String>> resourceGroups) {

    public AgentTask {
        info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
        corpus = List.copyOf(corpus);
        queries = List.copyOf(queries);
        configurations = Collections.unmodifiableMap(new LinkedHashMap<>(configurations));
        resourceGroups = Collections.unmodifiableMap(new LinkedHashMap<>(resourceGroups));
    }

    /** The configuration called {@code name}; an error naming the known ones when there is none. */
    public CorpusConfiguration configuration(String name) {
        CorpusConfiguration c = configurations.get(name);
        if (c == null) {
            throw new IllegalArgumentException("task '" + id + "' has no configuration '" + name + "'; it has "
                    + configurations.keySet());
        }
        return c;
    }
}
