package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFiles;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.EntityReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Query;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Imports a BEIR/MTEB directory ({@code corpus.jsonl}, {@code queries.jsonl},
 * {@code qrels/<split>.tsv}, each optionally gzipped) with the same validation as the dataset
 * reader. BEIR has no language or family fields: lines without {@code lang} get the default
 * language, and a document without {@code family} is its own family.
 *
 * @param split           the qrels split, e.g. {@code test}
 * @param defaultLang     the language of lines without {@code lang}; null requires {@code lang} on every line
 * @param id              the dataset id; null takes the directory name
 * @param familyExpansion the {@code familyExpansion} flag of the result
 */
public record BeirImporter(String split, String defaultLang, String id, boolean familyExpansion) {

    public BeirImporter {
        Objects.requireNonNull(split, "split");
    }

    /**
     * Reads the directory. Only the queries judged in the split are kept, as BEIR's own loader
     * does: {@code queries.jsonl} holds the queries of every split.
     *
     * @throws DatasetFormatException listing every problem (file, line, value)
     */
    public Dataset read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new DatasetFormatException(dir.toString(), "not a BEIR directory (does not exist or is not a directory)");
        }
        Problems problems = new Problems();
        Path corpus = DatasetFiles.find(dir, "corpus.jsonl", problems);
        Path queries = DatasetFiles.find(dir, "queries.jsonl", problems);
        Path qrels = DatasetFiles.find(dir.resolve("qrels"), split + ".tsv", problems);
        String datasetId = id != null ? id : dir.toAbsolutePath().normalize().getFileName().toString();
        DatasetInfo info = new DatasetInfo(datasetId, null, null, null,
                "BEIR/MTEB directory '" + dir.getFileName() + "', split '" + split + "'", List.of(), familyExpansion);
        Dataset all = DatasetReader.read(new EntityReader(defaultLang, false), null, corpus, queries, qrels, info, problems);
        List<Query> judged = all.queries().stream()
                .filter(q -> all.qrels().asMap().containsKey(q.id()))
                .toList();
        // the languages of the kept queries only: an unjudged query's language is not in the dataset
        Set<String> languages = new TreeSet<>();
        all.corpus().forEach(d -> languages.add(d.lang()));
        judged.forEach(q -> languages.add(q.lang()));
        DatasetInfo kept = new DatasetInfo(info.id(), null, null, null, info.source(), List.copyOf(languages), familyExpansion);
        return new Dataset(kept, all.corpus(), judged, all.qrels());
    }
}
