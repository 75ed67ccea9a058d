package io.clirbench.core.repro;

import java.nio.file.Path;
import java.util.List;

/**
 * A reproduction file: a dataset, what to evaluate on it, and the expected values.
 *
 * @param name      what the file checks
 * @param file      the file itself (paths in it are relative to its own directory)
 * @param dataset   the dataset directory
 * @param runs      run files to evaluate offline ({@code bench eval}); empty when {@code stack} is given
 * @param stack     retrievers to run through the local stack, or {@code null}
 * @param depth     the depth N
 * @param seed      the seed of every resampling
 * @param bootstrap bootstrap resamples (0: none; the expected values are point estimates)
 * @param expected  the expected values
 */
public record ReproSpec(String name, Path file, Path dataset, List<Path> runs, StackRun stack, int depth, long seed,
                        int bootstrap, List<Expectation> expected) {

    /**
     * Retrievers run through the local stack on a seeded sample of the dataset's families.
     *
     * @param retrievers retriever ids ({@code bm25}, {@code MODEL/exact}, ...)
     * @param families   families sampled ({@code DatasetSample.byFamilies}), 0 for the whole dataset
     * @param sampleSeed seed of the sample
     */
    public record StackRun(List<String> retrievers, int families, long sampleSeed) {
    }
}
