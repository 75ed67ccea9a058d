package io.clirbench.core.dataset;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the plain or gzipped version of a dataset file in a directory. */
public final class DatasetFiles {

    private DatasetFiles() {
    }

    /**
     * The file {@code name} or {@code name.gz} in {@code dir}; null (with a problem recorded)
     * when neither or both exist: with both, which one is meant is ambiguous.
     */
    public static Path find(Path dir, String name, Problems problems) {
        Path plain = dir.resolve(name);
        Path gzip = dir.resolve(name + ".gz");
        boolean hasPlain = Files.isRegularFile(plain);
        boolean hasGzip = Files.isRegularFile(gzip);
        if (hasPlain && hasGzip) {
            problems.add(name, "both " + name + " and " + name + ".gz exist in " + dir + ": keep only one");
            return null;
        }
        if (!hasPlain && !hasGzip) {
            problems.add(name, "missing file: neither " + name + " nor " + name + ".gz exists in " + dir);
            return null;
        }
        return hasPlain ? plain : gzip;
    }
}
