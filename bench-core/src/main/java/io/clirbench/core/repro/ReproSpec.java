package io.clirbench.core.repro;

import java.nio.file.Path;
import java.util.List;

/**
 * A reproduction file: what to evaluate (a retrieval dataset with run files or retrievers, QA predictions, or an agent
 * run; exactly one of {@code runs}, {@code stack}, {@code qa}, {@code agent}) and the expected values.
 *
 * @param name      what the file checks
 * @param file      the file itself (paths in it are relative to its own directory)
 * @param dataset   the retrieval dataset directory; {@code null} for a QA or agent file
 * @param runs      run files to evaluate offline ({@code bench eval}); empty unless given
 * @param stack     retrievers to run through the local stack, or {@code null}
 * @param qa        QA predictions to score offline ({@code bench qa eval}), or {@code null}
 * @param agent     an agent run to score offline ({@code bench agent eval}), or {@code null}
 * @param depth     the depth N
 * @param seed      the seed of every resampling
 * @param bootstrap bootstrap resamples (0: none; the expected values are point estimates)
 * @param expected  the expected values
 */
public record ReproSpec(String name, Path file, Path dataset, List<Path> runs, StackRun stack, QaFiles qa, AgentFiles agent,
                        int depth, long seed, int bootstrap, List<Expectation> expected) {

    /**
     * Retrievers run through the local stack on a seeded sample of the dataset's families.
     *
     * @param retrievers retriever ids ({@code bm25}, {@code MODEL/exact}, ...)
     * @param families   families sampled ({@code DatasetSample.byFamilies}), 0 for the whole dataset
     * @param sampleSeed seed of the sample
     */
    public record StackRun(List<String> retrievers, int families, long sampleSeed) {
    }

    /**
     * QA predictions scored against gold: each prediction file is a system named by its file name without extension
     * ({@code pred.jsonl} is {@code pred}), as {@code bench qa eval} names it.
     *
     * @param gold        the gold instances, XHotpotQA canonical JSONL
     * @param predictions one file per system (XHotpotQA JSONL or HotpotQA JSON)
     * @param protocol    {@code unicode}, {@code legacy} or {@code hotpot}
     */
    public record QaFiles(Path gold, List<Path> predictions, String protocol) {
    }

    /**
     * A BrowseComp-Plus agent run scored with stored judgements (the compatible mode, METRICS.md §5); the run is named
     * by its directory's name.
     *
     * @param run         the run directory ({@code run_QUERY.json} files)
     * @param groundTruth the questions and answers (JSONL)
     * @param evidence    the evidence qrels (TREC qrels)
     * @param judgements  the stored judgements (JSONL)
     */
    public record AgentFiles(Path run, Path groundTruth, Path evidence, Path judgements) {
    }
}
