package io.clirbench.gateway.dataset;

import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Unzips an uploaded dataset into a directory, refusing entries that would land outside it (zip slip). */
final class ZipUnpacker {

    private ZipUnpacker() {
    }

    static void unzip(Path zip, Path target) throws IOException {
        Path root = target.toAbsolutePath().normalize();
        int entries = 0;
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries++;
                Path dest = root.resolve(e.getName()).normalize();
                if (!dest.startsWith(root) || dest.equals(root)) {
                    throw RequestRejectedException.invalid("zip entry '" + e.getName() + "' points outside the dataset directory",
                            List.of(new InvalidField("body", e.getName(), "entry escapes the target directory")));
                }
                if (e.isDirectory()) {
                    Files.createDirectories(dest);
                } else {
                    Files.createDirectories(dest.getParent());
                    copy(in, dest);
                }
            }
        } catch (java.util.zip.ZipException bad) {
            throw RequestRejectedException.invalid("not a zip file: " + bad.getMessage(),
                    List.of(new InvalidField("body", null, bad.getMessage())));
        }
        if (entries == 0) {
            throw RequestRejectedException.invalid("the zip file is empty (or not a zip file)",
                    List.of(new InvalidField("body", null, "no zip entries")));
        }
    }

    private static void copy(InputStream in, Path dest) throws IOException {
        Files.copy(in, dest);
    }

    /** The directory holding dataset.json: the root, or its single sub-directory. */
    static Path datasetRoot(Path dir) throws IOException {
        if (Files.exists(dir.resolve("dataset.json"))) {
            return dir;
        }
        try (var children = Files.list(dir)) {
            List<Path> subs = children.filter(Files::isDirectory).toList();
            if (subs.size() == 1 && Files.exists(subs.get(0).resolve("dataset.json"))) {
                return subs.get(0);
            }
        }
        return dir;
    }
}
