package io.clirbench.core.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A directory checked before a service reads files from it (issue 28, finding 5): it is a directory, not a symbolic
 * link, and everything in it, at any depth, is a directory or a regular file. A symbolic link (which could lead
 * anywhere, placed after the directory was registered), a FIFO, a device or a socket is refused naming its path
 * inside the directory; nothing is opened: the walk reads attributes only, never following a link.
 */
public final class LinkFreeTree {

    /** Entries visited at most (a dataset holds a handful; this bounds the walk of a hostile tree). */
    static final int MAX_ENTRIES = 100_000;

    private LinkFreeTree() {
    }

    /**
     * Checks {@code dir} and its tree; returns {@code dir}.
     *
     * @throws DatasetFormatException naming the directory, or the offending entry relative to it (e.g.
     *                                {@code corpus.jsonl}), with what it is
     * @throws UncheckedIOException   when the tree cannot be listed
     */
    public static Path check(Path dir) {
        BasicFileAttributes top;
        try {
            top = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(dir.toString(), "not a dataset directory (does not exist)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the attributes of " + dir + ": " + e.getMessage(), e);
        }
        if (top.isSymbolicLink()) {
            throw new DatasetFormatException(dir.toString(), "is a symbolic link, which is refused: nothing is read through it");
        }
        if (!top.isDirectory()) {
            throw new DatasetFormatException(dir.toString(), "not a dataset directory (" + kind(top) + ")");
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                private int seen;

                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    count(d);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    count(file);
                    if (!attrs.isRegularFile()) {
                        String name = dir.relativize(file).toString();
                        throw new DatasetFormatException(name, kind(attrs) + " in the dataset directory, which is refused"
                                + (attrs.isSymbolicLink() ? " (it could lead out of the dataset roots)" : "")
                                + ": nothing is read through it");
                    }
                    return FileVisitResult.CONTINUE;
                }

                private void count(Path p) {
                    if (++seen > MAX_ENTRIES) {
                        throw new DatasetFormatException(dir.toString(), "holds more than " + MAX_ENTRIES + " entries");
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        return dir;
    }

    private static String kind(BasicFileAttributes attrs) {
        if (attrs.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (attrs.isDirectory()) {
            return "a directory";
        }
        return attrs.isRegularFile() ? "a regular file" : "a special file (FIFO, device or socket)";
    }
}
