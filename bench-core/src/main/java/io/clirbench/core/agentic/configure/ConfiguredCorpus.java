package io.clirbench.core.agentic.configure;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.LanguageTag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The corpus an agent searches under a configuration: every document of the source language (dataset.json
 * {@code sourceLanguage}, default {@code en}), with each assigned evidence document replaced by its assigned
 * version; negatives stay in the source language.
 */
public final class ConfiguredCorpus {

    private ConfiguredCorpus() {
    }

    /** The source language of the task. */
    public static String sourceLanguage(AgentTask task) {
        Object l = task.info().get("sourceLanguage");
        return l instanceof String s ? s : "en";
    }

    /**
     * Family → the docid of the version the configured corpus holds: the assigned version ({@code versions}) of the
     * family's source-language document, or that document itself when unassigned. Families without a
     * source-language document are absent (the configured corpus holds none of them).
     */
    public static Map<String, String> versionOfFamily(AgentTask task, CorpusConfiguration configuration) {
        String source = sourceLanguage(task);
        Map<String, String> out = new HashMap<>();
        for (Document d : task.corpus()) {
            if (LanguageTag.sameLanguage(d.lang(), source) && !d.metadata().containsKey("provider")) {
                out.putIfAbsent(d.family(), configuration.versions().getOrDefault(d.id(), d.id()));
            }
        }
        return out;
    }

    /** The configured corpus, in corpus order of the source documents. */
    public static List<Document> of(AgentTask task, CorpusConfiguration configuration) {
        String source = sourceLanguage(task);
        Map<String, Document> byId = new HashMap<>();
        task.corpus().forEach(d -> byId.put(d.id(), d));
        Set<String> replaced = configuration.versions().keySet();
        List<Document> out = new ArrayList<>();
        for (Document d : task.corpus()) {
            if (!LanguageTag.sameLanguage(d.lang(), source) || d.metadata().containsKey("provider")) {
                continue;
            }
            out.add(replaced.contains(d.id()) ? byId.get(configuration.versions().get(d.id())) : d);
        }
        return out;
    }
}
