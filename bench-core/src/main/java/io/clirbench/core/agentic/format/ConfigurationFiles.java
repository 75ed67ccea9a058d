package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.LanguageTag;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The files of one configuration, {@code configurations/<name>/}: {@code configuration.json} (optional when reading:
 * name, rule, seed,
 * languages, {@code versions}: source evidence docid → configured docid, {@code provenance}: configured docid →
 * {@code corpus} or {@code translation:PROVIDER}), {@code lang_assignment.json} (docid → language) and, for
 * cross-lingual, {@code query_lang_assignment.json} (query → language). Keys are written sorted, so the same
 * configuration gives the same bytes.
 */
public final class ConfigurationFiles {

    public static final String CONFIGURATION = "configuration.json";
    public static final String LANG_ASSIGNMENT = "lang_assignment.json";
    public static final String QUERY_LANG_ASSIGNMENT = "query_lang_assignment.json";
    /** Documents a translation provider wrote for this configuration (corpus JSONL lines with {@code provider}). */
    public static final String TRANSLATED = "translated.jsonl";

    private ConfigurationFiles() {
    }

    /** Writes the configuration's files into {@code dir} (created when missing), replacing earlier ones. */
    public static void write(Path dir, CorpusConfiguration c, String rule, Long seed, List<String> languages) {
        try {
            Files.createDirectories(dir);
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("name", c.name());
            info.put("rule", rule);
            info.put("seed", seed);
            info.put("languages", languages);
            info.put("versions", new TreeMap<>(c.versions()));
            info.put("provenance", new TreeMap<>(c.provenance()));
            AgentJson.write(dir.resolve(CONFIGURATION), info);
            Files.deleteIfExists(dir.resolve(LANG_ASSIGNMENT));
            Files.deleteIfExists(dir.resolve(QUERY_LANG_ASSIGNMENT));
            if (!c.docLanguage().isEmpty()) {
                AgentJson.write(dir.resolve(LANG_ASSIGNMENT), new TreeMap<>(c.docLanguage()));
            }
            if (!c.queryLanguage().isEmpty()) {
                AgentJson.write(dir.resolve(QUERY_LANG_ASSIGNMENT), new TreeMap<>(c.queryLanguage()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write configuration " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads and checks a configuration against the corpus, the queries and the judged documents; {@code null} on
     * problems. {@code configuration.json} is optional: without it, each assigned family's version is the corpus
     * document of that family in the assigned language (a {@code translated.jsonl} document included), recorded
     * as {@code corpus} or {@code translation:PROVIDER}. A key of {@code lang_assignment.json} is a docid of the
     * corpus (any language version of an evidence family) or, when it is not a docid, a family id; either way it
     * assigns the family, and the assignment is kept keyed by the family's source-language docid. Only
     * {@code original} may have no files at all (it assigns nothing).
     */
    static CorpusConfiguration read(Path dir, String name, List<Document> corpus, Set<String> queryIds, Set<String> judged,
                                    String sourceLanguage, Problems problems) {
        String where = "configurations/" + name + "/";
        boolean hasInfo = Files.isRegularFile(dir.resolve(CONFIGURATION));
        boolean hasDocs = Files.isRegularFile(dir.resolve(LANG_ASSIGNMENT));
        boolean hasQueries = Files.isRegularFile(dir.resolve(QUERY_LANG_ASSIGNMENT));
        if (!hasInfo && !hasDocs) {
            if (hasQueries) {
                problems.add(where + LANG_ASSIGNMENT, "missing file: " + QUERY_LANG_ASSIGNMENT + " gives each query's language,"
                        + " but which version of each evidence family the corpus holds is read from " + LANG_ASSIGNMENT
                        + " (docid or family -> language)");
                return null;
            }
            if (!"original".equals(name)) {
                problems.add(where + LANG_ASSIGNMENT, "missing file (dataset.json lists configuration '" + name + "'; a"
                        + " configuration other than 'original' needs " + LANG_ASSIGNMENT + ": docid or family -> language)");
                return null;
            }
            return new CorpusConfiguration(name, Map.of(), Map.of(), Map.of(), Map.of());
        }
        int before = problems.size();
        Map<String, Document> byId = new HashMap<>();
        Map<String, String> sourceOfFamily = new HashMap<>();
        Map<String, Document> byFamilyAndLang = new HashMap<>();
        Set<String> judgedFamilies = new HashSet<>();
        for (Document d : corpus) {
            byId.put(d.id(), d);
            byFamilyAndLang.putIfAbsent(d.family() + "\u0000" + d.lang(), d);
            if (d.lang().equals(sourceLanguage) && !d.metadata().containsKey("provider")) {
                sourceOfFamily.putIfAbsent(d.family(), d.id());
            }
        }
        judged.forEach(doc -> judgedFamilies.add(byId.containsKey(doc) ? byId.get(doc).family() : doc));
        JsonNode info = hasInfo ? json(dir.resolve(CONFIGURATION), where + CONFIGURATION, problems) : null;
        Map<String, String> versions = strings(info == null ? null : info.get("versions"), where + CONFIGURATION + " versions", problems);
        Map<String, String> provenance = strings(info == null ? null : info.get("provenance"), where + CONFIGURATION + " provenance", problems);
        Map<String, String> assigned = optional(dir.resolve(LANG_ASSIGNMENT), where + LANG_ASSIGNMENT, problems);
        Map<String, String> queryLanguage = optional(dir.resolve(QUERY_LANG_ASSIGNMENT), where + QUERY_LANG_ASSIGNMENT, problems);
        Map<String, String> docLanguage = new LinkedHashMap<>();
        assigned.forEach((key, written) -> {
            String lang = LanguageCheck.problem(written) == null ? LanguageTag.canonical(written) : written;
            String family = byId.containsKey(key) ? byId.get(key).family() : key;
            String what = byId.containsKey(key) ? "docid '" + key + "'" : "family '" + key + "'";
            if (!judgedFamilies.contains(family)) {
                problems.add(where + LANG_ASSIGNMENT, byId.containsKey(key) || sourceOfFamily.containsKey(key)
                        ? what + " is not an evidence document (nor a version of one) of the task"
                        : "'" + key + "' is neither a docid nor a family of the corpus");
                return;
            }
            if (LanguageCheck.problem(lang) != null) {
                problems.add(where + LANG_ASSIGNMENT, what + ": " + LanguageCheck.problem(lang));
                return;
            }
            String source = sourceOfFamily.get(family);
            if (source == null) {
                problems.add(where + LANG_ASSIGNMENT, what + ": family '" + family + "' has no '" + sourceLanguage
                        + "' (source language) document, so the configured corpus holds no version of it");
                return;
            }
            String earlier = docLanguage.put(source, lang);
            if (earlier != null && !earlier.equals(lang)) {
                problems.add(where + LANG_ASSIGNMENT, what + " assigns family '" + family + "' '" + lang
                        + "', another key of the same family assigns '" + earlier + "'");
            }
        });
        Map<String, String> queryTags = new LinkedHashMap<>();
        queryLanguage.forEach((q, lang) -> {
            if (!queryIds.contains(q)) {
                problems.add(where + QUERY_LANG_ASSIGNMENT, "unknown query id '" + q + "'");
            }
            if (LanguageCheck.problem(lang) != null) {
                problems.add(where + QUERY_LANG_ASSIGNMENT, "query '" + q + "': " + LanguageCheck.problem(lang));
            } else {
                queryTags.put(q, LanguageTag.canonical(lang));
            }
        });
        versions.forEach((source, configured) -> {
            Document v = byId.get(configured);
            if (v == null && !provenance.getOrDefault(configured, "").startsWith("translation:")) {
                problems.add(where + CONFIGURATION, "versions: '" + source + "' maps to '" + configured
                        + "', which is neither in the corpus nor a recorded translation");
            } else if (v != null && docLanguage.containsKey(source) && !docLanguage.get(source).equals(v.lang())) {
                problems.add(where + CONFIGURATION, "versions: '" + configured + "' is in '" + v.lang() + "' but '" + source
                        + "' is assigned '" + docLanguage.get(source) + "'");
            }
        });
        if (problems.size() > before) {
            return null;
        }
        Map<String, String> allVersions = new LinkedHashMap<>(versions);
        Map<String, String> allProvenance = new LinkedHashMap<>(provenance);
        docLanguage.forEach((source, lang) -> {
            if (allVersions.containsKey(source)) {
                return;
            }
            Document version = byFamilyAndLang.get(byId.get(source).family() + "\u0000" + lang);
            if (version == null) {
                problems.add(where + LANG_ASSIGNMENT, "family '" + byId.get(source).family() + "' is assigned '" + lang
                        + "' but the corpus has no '" + lang + "' version of it (add one to corpus.jsonl or to " + where
                        + TRANSLATED + ")");
                return;
            }
            allVersions.put(source, version.id());
            Object provider = version.metadata().get("provider");
            allProvenance.putIfAbsent(version.id(), provider == null ? "corpus" : "translation:" + provider);
        });
        return problems.size() > before ? null
                : new CorpusConfiguration(name, docLanguage, queryTags, allVersions, allProvenance);
    }

    private static Map<String, String> optional(Path file, String where, Problems problems) {
        return Files.isRegularFile(file) ? strings(json(file, where, problems), where, problems) : Map.of();
    }

    private static JsonNode json(Path file, String where, Problems problems) {
        String text = LineReader.readAll(file, problems);
        return text == null ? null : JsonValues.parse(text, where, 0, problems);
    }

    private static Map<String, String> strings(JsonNode node, String where, Problems problems) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        if (!node.isObject()) {
            problems.add(where, "expected an object of string to string");
            return out;
        }
        node.properties().forEach(e -> {
            if (!e.getValue().isTextual()) {
                problems.add(where, "value of '" + e.getKey() + "' must be a string, found " + e.getValue());
            } else {
                out.put(e.getKey(), e.getValue().textValue());
            }
        });
        return out;
    }

    /** Writes a text file as UTF-8 with LF line ends. */
    static void writeText(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
