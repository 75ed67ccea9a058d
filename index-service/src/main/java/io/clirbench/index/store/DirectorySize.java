package io.clirbench.index.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The bytes of the regular files under a directory (CollectionInfo.disk_bytes). */
public final class DirectorySize {

    private DirectorySize() {
    }

    /**
     * The sum of the sizes of every regular file under {@code dir}; 0 when it does not exist. A file deleted while it is
     * counted (a Lucene merge, a compaction) counts 0: the size is an estimate of a moving index, never a failure.
     */
    public static long of(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(DirectorySize::size).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
