package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.RandomRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench random-run}: writes the seeded random-ranking baseline (the chance floor) as a TREC run. */
@Command(name = "random-run", mixinStandardHelpOptions = true,
        description = "Write a seeded random ranking of the corpus for every query (the chance floor of a report).")
public class RandomRunCommand implements Callable<Integer> {

    @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset directory.")
    Path dataset;

    @Option(names = "--out", required = true, paramLabel = "FILE",
            description = "Run file to write (gzipped when the name ends in .gz).")
    Path out;

    @Option(names = "--depth", defaultValue = "1000", paramLabel = "N", description = "Documents per query (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() throws Exception {
        Path target = links.check(out, List.of(dataset), List.of());
        Dataset data = DatasetReader.read(dataset);
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        // Write beside the target and move into place, so a failure never leaves half a run file.
        Path partial = Files.createTempFile(parent, ".random-run", target.getFileName().toString());
        try {
            try (TrecRunWriter writer = new TrecRunWriter(partial, "random-seed" + seed)) {
                RandomRun.generate(data, depth, seed, writer::write);
            }
            makeReadable(partial);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        System.err.printf(java.util.Locale.ROOT, "wrote %s: %,d queries x %d documents, seed %d%n",
                out, data.queries().size(), Math.min(depth, data.corpus().size()), seed);
        return 0;
    }

    /** Temporary files are created owner-only; a run file is meant to be shared like any other output. */
    private static void makeReadable(Path file) throws java.io.IOException {
        try {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            // non-POSIX file systems keep their default permissions
        }
    }
}
