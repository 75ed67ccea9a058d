package io.clirbench.gateway;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Small datasets for tests: three families of xquad-clir, written as dataset directories. */
public final class TestDatasets {

    private static Dataset full;
    private static Dataset sample;

    private TestDatasets() {
    }

    public static synchronized Dataset sample() {
        if (sample == null) {
            sample = sample(3);
        }
        return sample;
    }

    /** {@code families} families of xquad-clir (seed 1). */
    public static synchronized Dataset sample(int families) {
        if (full == null) {
            full = DatasetReader.read(Path.of("../datasets/xquad-clir"));
        }
        return DatasetSample.byFamilies(full, families, 1);
    }

    /** The sample under another id, written to a new temporary directory. */
    public static Path write(String id) throws Exception {
        return write(id, sample());
    }

    /** A dataset under another id, written to a new temporary directory. */
    public static Path write(String id, Dataset s) throws Exception {
        DatasetInfo i = s.info();
        Dataset renamed = new Dataset(new DatasetInfo(id, i.name(), i.version(), i.license(), i.source(), i.languages(),
                i.familyExpansion()), s.corpus(), s.queries(), s.qrels());
        Path dir = Files.createTempDirectory(Path.of("target"), id + "-").toAbsolutePath().resolve("dataset");
        DatasetWriter.write(renamed, dir, false);
        return dir;
    }

    /** A directory written here (it may be gone) as an error shows it: relative to the dataset root {@code target}. */
    public static String underRoot(Path dir) throws IOException {
        return Path.of("target").toRealPath().relativize(dir.toAbsolutePath().normalize()).toString();
    }

    /** Deletes a directory and everything in it (a dataset or task gone from disk). */
    public static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
