package io.clirbench.core.dataset.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Query;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Imports a TREC NeuCLIR (or HC4) collection from its released files, as read by ir_datasets
 * ({@code https://github.com/allenai/ir_datasets}, {@code ir_datasets/formats/extracted_cc.py}) and
 * published by NIST ({@code https://trec.nist.gov/data/neuclir2022.html}):
 * <ul>
 *   <li>topics, JSON Lines: {@code {"topic_id", "topics": [{"lang", "source", "topic_title",
 *       "topic_description"}, ...], "narratives": {...}, "languages_with_qrels": [...], ...}}, languages as ISO 639-3
 *       ({@code eng}, {@code fas}, {@code rus}, {@code zho}) and {@code source} one of {@code original},
 *       {@code human translation}, {@code machine translation};</li>
 *   <li>documents, JSON Lines per language ({@code neuclir1} {@code fas}, {@code rus}, {@code zho}):
 *       {@code {"id", "cc_file", "time", "title", "text", "url"}};</li>
 *   <li>qrels, TREC ({@code topic_id 0 doc_id relevance}; grades 0, 1, 3).</li>
 * </ul>
 * Cross-language structure (our choices): one query per topic, in the topic language chosen
 * ({@code eng} by default: the main NeuCLIR task is English queries against Persian, Russian and
 * Chinese documents), its entry preferred by source (original, then human, then machine
 * translation); the query text is {@code topic_title + " " + topic_description} by default (NeuCLIR's
 * "title+description" runs), or either field alone. The query id is the topic id, so NeuCLIR's own qrels
 * and runs evaluate unchanged; a dataset of one document language reproduces the per-language
 * task (official measure nDCG@20), one of several the multilingual (MLIR) task. Topics without a
 * judgment on the documents imported are dropped. Documents are not parallel: each is its own
 * family; {@code url}, {@code time} and {@code cc_file} are kept as metadata. Licence: the
 * collection's Hub card ({@code https://huggingface.co/datasets/neuclir/neuclir1}) gives
 * {@code odc-by}: ODC-BY-1.0 by default (the documents are Common Crawl pages; topics and qrels are
 * NIST's).
 *
 * @param queryText which topic fields make the query text
 * @param topicLang the language of the topic entry used (any form {@link LanguageCodes} maps)
 * @param license   the licence written to {@code dataset.json}
 */
public record NeuclirImporter(QueryText queryText, String topicLang, String license) {

    public static final String DEFAULT_LICENSE = "ODC-BY-1.0";
    public static final String SOURCE = "TREC NeuCLIR, https://neuclir.github.io/ and https://trec.nist.gov/data/neuclir2022.html;"
            + " layout as read by ir_datasets (formats/extracted_cc.py)";

    /** The topic fields a query is made of. */
    public enum QueryText {
        TITLE, DESCRIPTION, TITLE_DESCRIPTION;

        /** Parses {@code title}, {@code description} or {@code title+description}. */
        public static QueryText parse(String text) {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "title" -> TITLE;
                case "description" -> DESCRIPTION;
                case "title+description" -> TITLE_DESCRIPTION;
                default -> throw new IllegalArgumentException("query text must be title, description or title+description, got '"
                        + text + "'");
            };
        }
    }

    private static final List<String> SOURCE_PREFERENCE = List.of("original", "human translation", "machine translation");

    public NeuclirImporter {
        Objects.requireNonNull(queryText, "queryText");
        Objects.requireNonNull(topicLang, "topicLang");
    }

    /**
     * Reads the topics, the documents of each language and the qrels.
     *
     * @param docs document language (ISO 639-3 as NeuCLIR names it, or any form {@link LanguageCodes} maps) to its file
     * @param id   the dataset id; null gives {@code neuclir-<langs>}
     */
    public Dataset read(Path topics, Map<String, Path> docs, Path qrels, String id) {
        Problems problems = new Problems();
        String wanted = LanguageCodes.canonical(topicLang, "--topic-lang", "arguments", 0, problems);
        Map<String, Path> byLang = new TreeMap<>();
        docs.forEach((given, file) -> {
            String lang = LanguageCodes.canonical(given, "--docs", "arguments", 0, problems);
            if (lang != null && byLang.put(lang, file) != null) {
                problems.add("arguments", "--docs: two files for language '" + lang + "'");
            }
        });
        problems.throwIfAny();
        DatasetAssembly assembly = new DatasetAssembly(problems);
        byLang.forEach((lang, file) -> EntityLines.documents(file, "id", lang, "", assembly, problems));
        readTopics(topics, wanted, assembly, problems);
        List<Judgment> judgments = JudgmentFiles.readTrec(qrels, problems);
        problems.throwIfAny();
        // the qrels of every language come in one file (2022-qrels.all): keep those on the documents imported
        assembly.judge(judgments.stream().filter(j -> assembly.hasDocument(j.docId())).toList());
        String datasetId = id != null ? id : "neuclir-" + String.join("-", byLang.keySet());
        // NeuCLIR's official measure is nDCG@20 (track overview): every report on the dataset shows it
        return assembly.build(new DatasetInfo(datasetId, "NeuCLIR " + topics.getFileName() + " (" + wanted + " topics)", null,
                license, SOURCE, List.of(), false,
                java.util.Map.of(io.clirbench.core.dataset.OfficialMeasures.FIELD, "[\"nDCG@20\"]")));
    }

    private void readTopics(Path file, String wanted, DatasetAssembly assembly, Problems problems) {
        String name = ImportLines.name(file);
        ImportLines.forEachObject(file, problems, (line, node) -> {
            String topicId = ImportLines.requiredId(node, "topic_id", name, line, problems);
            JsonNode entries = node.get("topics");
            if (entries == null || !entries.isArray()) {
                problems.add(name, line, "missing array 'topics'");
                return;
            }
            JsonNode entry = chosenEntry(entries, wanted, name, line, problems);
            if (topicId == null || entry == null) {
                return;
            }
            String title = ImportLines.requiredString(entry, "topic_title", name, line, problems);
            String description = ImportLines.requiredString(entry, "topic_description", name, line, problems);
            if (title == null || description == null) {
                return;
            }
            String text = switch (queryText) {
                case TITLE -> title;
                case DESCRIPTION -> description;
                case TITLE_DESCRIPTION -> title.strip() + " " + description.strip();
            };
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("topic_source", entry.path("source").asText(""));
            if (node.has("languages_with_qrels")) {
                meta.put("languages_with_qrels", JsonValues.toJava(node.get("languages_with_qrels")));
            }
            assembly.add(new Query(topicId, text, wanted, null, meta), name, line);
        });
    }

    // the entry of the wanted language, by source preference; every entry's language must map
    private static JsonNode chosenEntry(JsonNode entries, String wanted, String file, int line, Problems problems) {
        JsonNode best = null;
        int bestRank = Integer.MAX_VALUE;
        for (JsonNode entry : entries) {
            String lang = ImportLines.requiredString(entry, "lang", file, line, problems);
            String iso = lang == null ? null : LanguageCodes.canonical(lang, "topics[].lang", file, line, problems);
            if (wanted.equals(iso)) {
                int rank = SOURCE_PREFERENCE.indexOf(entry.path("source").asText(""));
                rank = rank < 0 ? SOURCE_PREFERENCE.size() : rank;
                if (rank < bestRank) {
                    best = entry;
                    bestRank = rank;
                }
            }
        }
        if (best == null) {
            problems.add(file, line, "no topic entry in language '" + wanted + "'");
        }
        return best;
    }
}
