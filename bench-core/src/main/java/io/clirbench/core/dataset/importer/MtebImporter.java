package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Imports a retrieval task in MTEB's v2 dataset layout, as a Hub repository stores it (the
 * {@code configs} of e.g. {@code https://huggingface.co/datasets/mteb/msmarco-v2/blob/main/README.md}):
 * {@code corpus.jsonl} ({@code _id}, {@code title}, {@code text}), {@code queries.jsonl} ({@code _id},
 * {@code text}) and {@code qrels/<split>.jsonl} ({@code query-id}, {@code corpus-id}, {@code score}, a float64
 * on the Hub) or the BEIR form {@code qrels/<split>.tsv}; any file may be gzipped ({@code .gz}). A parquet
 * export must be written as JSON Lines first ({@code datasets}' {@code to_json(lines=True)}): bench-core
 * reads no parquet.
 *
 * <p>A multilingual task has one such directory per subset (MTEB names subsets by language:
 * {@code fas}, {@code zho-Hans}, {@code ar}; a cross-lingual pair as {@code <query>-<document>}, e.g.
 * {@code eng-deu}): the directory given holds them as sub-directories, each read with the language its
 * name maps to ({@link LanguageCodes}); the ids of several subsets are prefixed {@code <subset>:}
 * because each subset numbers its own (our choice, as for MIRACL). A single directory has no
 * language field: {@code lang} gives it. Each document is its own family. The licence is the task's:
 * MTEB has none of its own, so none is written unless given.
 *
 * @param split the qrels split, e.g. {@code test}
 * @param lang  the language of a single (non-subset) directory; may be null for a directory of subsets
 */
public record MtebImporter(String split, String lang, String license) {

    public static final String SOURCE = "MTEB v2 dataset layout (https://github.com/embeddings-benchmark/mteb; Hub configs corpus,"
            + " queries, default)";

    public MtebImporter {
        Objects.requireNonNull(split, "split");
    }

    /** Reads the directory (one subset, or sub-directories of subsets). @param id the dataset id; null takes the directory name */
    public Dataset read(Path dir, String id) {
        Problems problems = new Problems();
        if (!Files.isDirectory(dir)) {
            problems.add(dir.toString(), "not an MTEB directory (does not exist or is not a directory)");
            problems.throwIfAny();
        }
        DatasetAssembly assembly = new DatasetAssembly(problems);
        List<Judgment> judgments = new ArrayList<>();
        if (hasFile(dir, "corpus.jsonl")) {
            if (lang == null) {
                problems.add(dir.toString(), "a single MTEB directory has no language field: give --lang");
                problems.throwIfAny();
            }
            String iso = LanguageCodes.canonical(lang, "--lang", "arguments", 0, problems);
            problems.throwIfAny();
            readSubset(dir, iso, iso, "", assembly, judgments, problems);
        } else {
            List<Path> subsets = subsets(dir);
            if (subsets.isEmpty()) {
                problems.add(dir.toString(), "neither corpus.jsonl[.gz] nor sub-directories of subsets");
            }
            for (Path subset : subsets) {
                String name = subset.getFileName().toString();
                String[] pair = name.split("-", 2);
                boolean crossLingual = pair.length == 2 && LanguageCodes.toIso6391(pair[0]) != null
                        && LanguageCodes.toIso6391(pair[1]) != null && !pair[0].equals(pair[1]) && pair[1].length() != 4;
                String queryLang = LanguageCodes.canonical(crossLingual ? pair[0] : name, "subset directory", name, 0, problems);
                String docLang = crossLingual ? LanguageCodes.toIso6391(pair[1]) : queryLang;
                if (queryLang != null) {
                    readSubset(subset, queryLang, docLang, subsets.size() > 1 ? name + ":" : "", assembly, judgments, problems);
                }
            }
        }
        problems.throwIfAny();
        assembly.judge(judgments);
        String datasetId = id != null ? id : dir.toAbsolutePath().normalize().getFileName().toString();
        return assembly.build(new DatasetInfo(datasetId, "MTEB " + dir.getFileName() + " (" + split + ")", null, license,
                SOURCE, List.of(), false));
    }

    private void readSubset(Path dir, String queryLang, String docLang, String prefix, DatasetAssembly assembly,
                            List<Judgment> judgments, Problems problems) {
        Path corpus = file(dir, "corpus.jsonl", problems);
        Path queries = file(dir, "queries.jsonl", problems);
        Path qrels = hasFile(dir.resolve("qrels"), split + ".jsonl") ? file(dir.resolve("qrels"), split + ".jsonl", problems)
                : file(dir.resolve("qrels"), split + ".tsv", problems);
        if (corpus == null || queries == null || qrels == null) {
            return;
        }
        EntityLines.documents(corpus, "_id", docLang, prefix, assembly, problems);
        EntityLines.queries(queries, "_id", "text", queryLang, prefix, assembly, problems);
        JudgmentFiles.readTsvOrJsonl(qrels, problems).forEach(j -> judgments.add(j.prefixed(prefix)));
    }

    private static boolean hasFile(Path dir, String name) {
        return Files.isRegularFile(dir.resolve(name)) || Files.isRegularFile(dir.resolve(name + ".gz"));
    }

    private static Path file(Path dir, String name, Problems problems) {
        return io.clirbench.core.dataset.DatasetFiles.find(dir, name, problems);
    }

    private static List<Path> subsets(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).filter(d -> hasFile(d, "corpus.jsonl")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
