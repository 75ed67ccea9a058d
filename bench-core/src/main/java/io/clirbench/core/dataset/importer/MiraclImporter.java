package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Imports MIRACL from its released layout, as described in the MIRACL README
 * (https://github.com/project-miracl/miracl, README.md "Corpora", "Topics and Relevance Judgments")
 * and read by the Hub loader ({@code https://huggingface.co/datasets/miracl/miracl/blob/main/miracl.py}):
 * <ul>
 *   <li>topics and qrels, a clone of {@code miracl/miracl}:
 *       {@code miracl-v1.0-<lang>/topics/topics.miracl-v1.0-<lang>-<split>.tsv} ({@code qid<TAB>query}) and
 *       {@code miracl-v1.0-<lang>/qrels/qrels.miracl-v1.0-<lang>-<split>.tsv} (TREC: {@code qid Q0 docid relevance});</li>
 *   <li>the corpus, a clone of {@code miracl/miracl-corpus}: {@code miracl-corpus-v1.0-<lang>/docs-<i>.jsonl.gz}, one
 *       passage a line, {@code {"docid": "39#0", "title": ..., "text": ...}}.</li>
 * </ul>
 * MIRACL is monolingual: queries and passages of a language share it. Several languages go into
 * one dataset; their ids are then prefixed {@code <lang>:} because MIRACL's query and passage ids
 * repeat across languages (our choice; with one language the ids are MIRACL's own, so published runs
 * evaluate unchanged). Passages are not parallel: each is its own family (the passages of one article,
 * {@code X#0}, {@code X#1}, ..., are not translations of each other). Licence: Apache-2.0 (the Hub card's
 * {@code license: apache-2.0}).
 *
 * @param split   the split, e.g. {@code dev} or {@code train}
 * @param license the licence written to {@code dataset.json}
 */
public record MiraclImporter(String split, String license) {

    /** The licence of the MIRACL release (Hub card of {@code miracl/miracl}). */
    public static final String DEFAULT_LICENSE = "Apache-2.0";
    public static final String SOURCE = "https://github.com/project-miracl/miracl; https://huggingface.co/datasets/miracl/miracl"
            + " and miracl/miracl-corpus; Zhang et al., Making a MIRACL, TACL 2023 (arXiv:2210.09984)";

    public MiraclImporter {
        Objects.requireNonNull(split, "split");
    }

    /**
     * Reads the languages (MIRACL codes or any form {@link LanguageCodes} maps) of one split.
     *
     * @param topicsRoot the clone of {@code miracl/miracl}
     * @param corpusRoot the clone of {@code miracl/miracl-corpus}
     * @param id         the dataset id; null gives {@code miracl-<langs>-<split>}
     */
    public Dataset read(Path topicsRoot, Path corpusRoot, List<String> languages, String id) {
        Problems problems = new Problems();
        Set<String> langs = new LinkedHashSet<>();
        for (String given : languages) {
            String lang = LanguageCodes.canonical(given, "--lang", "arguments", 0, problems);
            if (lang != null && !langs.add(lang)) {
                problems.add("arguments", "--lang: language '" + lang + "' is given twice");
            }
        }
        if (langs.isEmpty() && problems.isEmpty()) {
            problems.add("arguments", "--lang: no language given");
        }
        problems.throwIfAny();
        DatasetAssembly assembly = new DatasetAssembly(problems);
        List<Judgment> judgments = new ArrayList<>();
        boolean prefix = langs.size() > 1;
        for (String lang : langs) {
            String release = "miracl-v1.0-" + lang;
            Path topics = topicsRoot.resolve(release).resolve("topics").resolve("topics." + release + "-" + split + ".tsv");
            Path qrels = topicsRoot.resolve(release).resolve("qrels").resolve("qrels." + release + "-" + split + ".tsv");
            List<Path> docs = corpusFiles(corpusRoot.resolve("miracl-corpus-v1.0-" + lang), problems);
            if (!Files.isRegularFile(topics) || !Files.isRegularFile(qrels)) {
                problems.add(release, "missing file: " + (Files.isRegularFile(topics) ? qrels : topics));
                continue;
            }
            String p = prefix ? lang + ":" : "";
            for (Path file : docs) {
                EntityLines.documents(file, "docid", lang, p, assembly, problems);
            }
            String name = ImportLines.name(topics);
            ImportLines.forEachRow(topics, problems, 2, false, (line, f) ->
                    assembly.add(new Query(p + f[0], f[1], lang, null, Map.of()), name, line));
            JudgmentFiles.readTrec(qrels, problems).forEach(j -> judgments.add(j.prefixed(p)));
        }
        problems.throwIfAny();
        assembly.judge(judgments);
        String datasetId = id != null ? id : "miracl-" + String.join("-", langs) + "-" + split;
        return assembly.build(new DatasetInfo(datasetId, "MIRACL " + String.join(", ", langs) + " (" + split + ")",
                "v1.0", license, SOURCE, List.of(), false));
    }

    private static List<Path> corpusFiles(Path dir, Problems problems) {
        if (!Files.isDirectory(dir)) {
            problems.add(dir.getFileName().toString(), "missing corpus directory: " + dir);
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> docs = files.filter(f -> f.getFileName().toString().matches("docs-\\d+\\.jsonl(\\.gz)?")).sorted().toList();
            if (docs.isEmpty()) {
                problems.add(dir.getFileName().toString(), "no docs-<i>.jsonl.gz file in " + dir);
            }
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
