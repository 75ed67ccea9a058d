package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.dataset.DatasetFiles;
import io.clirbench.core.dataset.Entities;
import io.clirbench.core.dataset.EntityReader;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.dataset.QrelsTsv;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads an agentic task (ARCHITECTURE.md "Agentic task layout") and validates it as a whole: {@code dataset.json}
 * ({@code kind: agentic}, {@code languages}, {@code configurations}, optional {@code sourceLanguage} and
 * {@code resourceGroups}), the corpus and queries (every query needs a string {@code answer}), both qrels (ids
 * checked against queries and corpus; family-level qrels may list every language version), and each configuration
 * ({@link ConfigurationFiles}: {@code lang_assignment.json} and {@code query_lang_assignment.json} as ARCHITECTURE.md
 * defines them, {@code configuration.json} optional). Every problem is
 * reported at once with file, line and value; nothing is returned when there is any.
 */
public final class AgentTaskReader {

    /** The task's info file. */
    public static final String INFO = "dataset.json";

    private AgentTaskReader() {
    }

    /** Reads the task in {@code dir}. */
    public static AgentTask read(Path dir) {
        Problems problems = new Problems();
        Map<String, Object> info = info(dir, problems);
        problems.throwIfAny();
        Path corpusFile = DatasetFiles.find(dir, "corpus.jsonl", problems);
        Path queriesFile = DatasetFiles.find(dir, "queries.jsonl", problems);
        Entities<Document> corpus = corpusFile == null ? null : EntityReader.STRICT.readCorpus(corpusFile, problems);
        Entities<Query> queries = queriesFile == null ? null : EntityReader.STRICT.readQueries(queriesFile, problems);
        List<GroundTruth> questions = new ArrayList<>();
        if (queries != null) {
            for (Query q : queries.items()) {
                Object answer = q.metadata().get("answer");
                if (!(answer instanceof String a)) {
                    problems.add(queriesFile.getFileName().toString(), "query '" + q.id() + "': missing or non-string field 'answer'");
                } else {
                    questions.add(new GroundTruth(q.id(), q.text(), a, q.lang()));
                }
            }
        }
        Set<String> queryIds = queries == null ? null : queries.ids();
        Set<String> docIds = corpus == null ? null : corpus.ids();
        Qrels evidence = qrels(dir, "qrels-evidence.tsv", queryIds, docIds, problems);
        Qrels gold = qrels(dir, "qrels-gold.tsv", queryIds, docIds, problems);
        problems.throwIfAny();
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) info.get("configurations");
        Map<String, CorpusConfiguration> configurations = new LinkedHashMap<>();
        EvidenceQrels ev = EvidenceQrels.ofGrades(evidence.asMap());
        EvidenceQrels gd = EvidenceQrels.ofGrades(gold.asMap());
        Set<String> judged = new java.util.HashSet<>();
        ev.queryIds().forEach(q -> judged.addAll(ev.relevant(q)));
        gd.queryIds().forEach(q -> judged.addAll(gd.relevant(q)));
        String sourceLanguage = info.get("sourceLanguage") instanceof String l ? l : "en";
        List<Document> documents = new ArrayList<>(corpus.items());
        Set<String> ids = new java.util.HashSet<>(corpus.ids());
        for (String name : names) {
            Path translated = dir.resolve("configurations").resolve(name).resolve(ConfigurationFiles.TRANSLATED);
            if (Files.isRegularFile(translated)) {
                for (Document d : EntityReader.STRICT.readCorpus(translated, problems).items()) {
                    if (ids.add(d.id())) {
                        documents.add(d);
                    } else {
                        problems.add("configurations/" + name + "/" + ConfigurationFiles.TRANSLATED, "docid '" + d.id() + "' is already in the corpus");
                    }
                }
            }
        }
        for (String name : names) {
            CorpusConfiguration c = ConfigurationFiles.read(dir.resolve("configurations").resolve(name), name, documents,
                    queryIds, judged, sourceLanguage, problems);
            if (c != null) {
                configurations.put(name, c);
            }
        }
        problems.throwIfAny();
        return new AgentTask((String) info.get("id"), info, documents, questions, ev, gd,
                configurations, groups(info));
    }

    private static Qrels qrels(Path dir, String name, Set<String> queryIds, Set<String> docIds, Problems problems) {
        Path file = DatasetFiles.find(dir, name, problems);
        return file == null ? Qrels.of(Map.of()) : QrelsTsv.read(file, queryIds, docIds, problems);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> info(Path dir, Problems problems) {
        Path file = dir.resolve(INFO);
        if (!Files.isRegularFile(file)) {
            problems.add(INFO, "missing file " + file + " (is " + dir + " an agentic task?)");
            return Map.of();
        }
        String text = LineReader.readAll(file, problems);
        JsonNode node = text == null ? null : JsonValues.parse(text, INFO, 0, problems);
        if (node == null) {
            return Map.of();
        }
        if (!node.isObject()) {
            problems.add(INFO, "expected a JSON object");
            return Map.of();
        }
        if (!node.path("id").isTextual() || node.get("id").asText().isBlank()) {
            problems.add(INFO, "field 'id' must be a non-empty string");
        }
        if (!"agentic".equals(node.path("kind").asText(null))) {
            problems.add(INFO, "field 'kind' must be \"agentic\", found " + node.get("kind"));
        }
        checkLanguages(node.get("languages"), "languages", problems);
        JsonNode configs = node.get("configurations");
        if (configs == null || !configs.isArray() || configs.isEmpty()) {
            problems.add(INFO, "field 'configurations' must be a non-empty array of names");
        } else {
            configs.forEach(c -> {
                if (!c.isTextual() || !c.asText().matches("[a-z0-9][a-z0-9-]*")) {
                    problems.add(INFO, "configuration name " + c + " must be lower-case letters, digits and '-'");
                }
            });
        }
        JsonNode groups = node.get("resourceGroups");
        if (groups != null) {
            if (!groups.isObject()) {
                problems.add(INFO, "field 'resourceGroups' must be an object of group name to languages");
            } else {
                groups.properties().forEach(e -> checkLanguages(e.getValue(), "resourceGroups." + e.getKey(), problems));
            }
        }
        return (Map<String, Object>) JsonValues.toJava(node);
    }

    private static void checkLanguages(JsonNode list, String field, Problems problems) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            problems.add(INFO, "field '" + field + "' must be a non-empty array of language tags");
            return;
        }
        for (JsonNode l : list) {
            String problem = l.isTextual() ? LanguageCheck.problem(l.asText()) : "language " + l + " is not a string";
            if (problem != null) {
                problems.add(INFO, "field '" + field + "': " + problem);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> groups(Map<String, Object> info) {
        Object g = info.get("resourceGroups");
        return g == null ? Map.of() : (Map<String, List<String>>) g;
    }
}
