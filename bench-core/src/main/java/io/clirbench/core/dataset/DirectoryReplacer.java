package io.clirbench.core.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Fills a directory all at once: the content is written into a temporary sibling directory,
 * which is then renamed into place. A failure never leaves a half-written directory, and an
 * existing directory is only moved aside (then deleted) once the new content is complete.
 */
public final class DirectoryReplacer {

    /** Writes the content of a directory. */
    @FunctionalInterface
    public interface Content {
        void writeInto(Path dir) throws IOException;
    }

    private DirectoryReplacer() {
    }

    /**
     * Writes {@code content} and moves it to {@code target}.
     *
     * @param overwrite whether a non-empty {@code target} may be replaced
     * @throws UncheckedIOException wrapping {@link FileAlreadyExistsException} when {@code target}
     *                              is not empty and {@code overwrite} is false, or any I/O failure
     */
    public static void replace(Path target, boolean overwrite, Content content) {
        Path dir = target.toAbsolutePath().normalize();
        try {
            if (!overwrite && isNonEmpty(dir)) {
                throw new FileAlreadyExistsException(dir.toString(), null,
                        "exists and is not empty; use overwrite (--force) to replace it");
            }
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new FileAlreadyExistsException(dir.toString(), null, "exists and is not a directory");
            }
            Files.createDirectories(dir.getParent());
            Path tmp = Files.createTempDirectory(dir.getParent(), "." + dir.getFileName() + ".new-");
            try {
                readableByAll(tmp);
                content.writeInto(tmp);
                swap(tmp, dir);
            } catch (IOException | RuntimeException e) {
                deleteTree(tmp);
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": " + e.getMessage(), e);
        }
    }

    private static void swap(Path tmp, Path dir) throws IOException {
        if (!Files.exists(dir)) {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        Path old = Files.createTempDirectory(dir.getParent(), "." + dir.getFileName() + ".old-");
        Files.delete(old); // only its unique name is wanted: the rename below recreates it
        Files.move(dir, old, StandardCopyOption.ATOMIC_MOVE);
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.move(old, dir, StandardCopyOption.ATOMIC_MOVE); // put the old data back
            throw e;
        }
        deleteTree(old);
    }

    // a temporary directory is created private (rwx------); the published one should not be
    private static void readableByAll(Path dir) throws IOException {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its default permissions apply
        }
    }

    private static boolean isNonEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Files.exists(dir);
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isPresent();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.delete(p);
                } catch (DirectoryNotEmptyException e) {
                    throw new IOException("cannot delete " + p, e);
                }
            }
        }
    }
}
