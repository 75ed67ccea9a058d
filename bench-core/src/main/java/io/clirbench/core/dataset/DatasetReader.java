package io.clirbench.core.dataset;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads a dataset directory in the clirbench layout (ARCHITECTURE.md "Dataset layout"):
 * {@code dataset.json}, {@code corpus.jsonl[.gz]}, {@code queries.jsonl[.gz]}, {@code qrels.tsv[.gz]}.
 * The whole input is validated and every problem is reported at once; reading has no side effects.
 */
public final class DatasetReader {

    private DatasetReader() {
    }

    /**
     * Reads and validates the dataset in {@code dir}.
     *
     * @throws DatasetFormatException listing every problem (file, line, value) when the input is invalid
     */
    public static Dataset read(Path dir) {
        return read(dir, EntityReader.STRICT);
    }

    /**
     * Reads a dataset for evaluation only ({@code bench eval}): as {@link #read(Path)}, but a document
     * or query without text is a warning to {@code warnings} (evaluation needs ids, languages and
     * families, not text), where a run that embeds or indexes refuses it.
     */
    public static Dataset readForEvaluation(Path dir, EntityReader.TextWarnings warnings) {
        return read(dir, EntityReader.textOptional(warnings));
    }

    private static Dataset read(Path dir, EntityReader entities) {
        if (!Files.isDirectory(dir)) {
            throw new DatasetFormatException(dir.toString(), "not a dataset directory (does not exist or is not a directory)");
        }
        Problems problems = new Problems();
        Path infoFile = dir.resolve("dataset.json");
        if (!Files.isRegularFile(infoFile)) {
            problems.add("dataset.json", "missing file: dataset.json does not exist in " + dir);
            infoFile = null;
        }
        Path corpusFile = DatasetFiles.find(dir, "corpus.jsonl", problems);
        Path queriesFile = DatasetFiles.find(dir, "queries.jsonl", problems);
        Path qrelsFile = DatasetFiles.find(dir, "qrels.tsv", problems);
        return read(entities, infoFile, corpusFile, queriesFile, qrelsFile, null, problems);
    }

    /**
     * Reads and cross-checks the parts of a dataset; shared by the reader and the JSONL importers
     * so that they validate alike. A null file is skipped (its absence is already a problem),
     * and so is {@code infoFile} when {@code info} is given instead.
     */
    public static Dataset read(EntityReader entities, Path infoFile, Path corpusFile, Path queriesFile,
                               Path qrelsFile, DatasetInfo info, Problems problems) {
        Entities<Document> corpus = corpusFile == null ? null : entities.readCorpus(corpusFile, problems);
        Entities<Query> queries = queriesFile == null ? null : entities.readQueries(queriesFile, problems);
        Qrels qrels = qrelsFile == null ? null : QrelsTsv.read(qrelsFile,
                queries == null ? null : queries.ids(), corpus == null ? null : corpus.ids(), problems);
        // compare the descriptor's languages only with complete data: a skipped line would make
        // the comparison report a difference that is not there
        Set<String> languages = null;
        if (problems.isEmpty()) {
            languages = new HashSet<>(corpus.languages());
            languages.addAll(queries.languages());
        }
        if (infoFile != null) {
            info = DatasetInfoReader.read(infoFile, languages, problems);
        } else if (info != null && languages != null) {
            info = new DatasetInfo(info.id(), info.name(), info.version(), info.license(), info.source(),
                    languages.stream().sorted().toList(), info.familyExpansion());
        }
        problems.throwIfAny();
        return new Dataset(info, corpus.items(), queries.items(), qrels);
    }
}
