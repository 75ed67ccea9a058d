package io.clirbench.gateway.dataset;

import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A dataset uploaded as a zip, for every kind of dataset (retrieval, QA): the body copied within
 * {@code gateway.upload.max-bytes} into a new temporary directory under {@code DATA_DIR/tmp}, unpacked there by
 * {@link ZipUnpacker} (every upload limit, no entry outside it), {@link #root()} the directory holding {@code dataset.json}. The caller
 * validates the root before anything is stored, then {@link #moveRootTo moves} it in place; {@link #close} deletes
 * whatever is left, so a refused upload leaves nothing behind.
 */
public final class UploadedZip implements AutoCloseable {

    /** Ids and versions become directory names of uploads: bench-core's rule of a dataset id (registration by path too). */
    private static final Pattern SAFE = io.clirbench.core.dataset.DatasetInfoReader.SAFE_ID;

    private final Path tmp;
    private final Path root;

    private UploadedZip(Path tmp, Path root) {
        this.tmp = tmp;
        this.root = root;
    }

    /**
     * Receives and unpacks {@code body} with {@code unpacker}'s limits (size, entries, uncompressed size and ratio,
     * names, links); refused with nothing kept when any is passed or the archive is not a whole zip.
     */
    public static UploadedZip receive(InputStream body, Path dataDir, ZipUnpacker unpacker) throws IOException {
        Files.createDirectories(dataDir.resolve("tmp"));
        Path tmp = Files.createTempDirectory(dataDir.resolve("tmp"), "upload-");
        try {
            Path unpacked = unpacker.unpack(body, tmp);
            return new UploadedZip(tmp, ZipUnpacker.datasetRoot(unpacked));
        } catch (IOException | RuntimeException e) {
            deleteQuietly(tmp);
            throw e;
        }
    }

    /** The unpacked directory holding {@code dataset.json} (the zip's root or its single folder). */
    public Path root() {
        return root;
    }

    /**
     * {@code reader} applied to {@link #root()}; a dataset problem it finds names the file inside the upload and never
     * the temporary directory the zip was unpacked into (issue 45: a runner sees no directory of the server).
     */
    public <T> T read(java.util.function.Function<Path, T> reader) {
        try {
            return reader.apply(root);
        } catch (io.clirbench.core.dataset.DatasetFormatException e) {
            throw new io.clirbench.core.dataset.DatasetFormatException(e.problems().stream()
                    .map(p -> new io.clirbench.core.dataset.Problem(inUpload(p.file()), p.line(), inUpload(p.message())))
                    .toList(), e.total());
        }
    }

    /** {@code text} with the unpacked directory's path cut off (a file in it reads as its name in the zip). */
    private String inUpload(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (Path dir : List.of(root, tmp)) {
            String d = dir.toString();
            out = out.replace(d + dir.getFileSystem().getSeparator(), "").replace(d, "the uploaded zip");
        }
        return out;
    }

    /**
     * Where the upload goes: {@code base/ID/VERSION}; an id or version that cannot safely name a directory is refused,
     * naming the {@code dataset.json} field.
     */
    public static Path target(Path base, String id, String version) {
        for (String[] field : new String[][] {{"id", id}, {"version", version}}) {
            if (field[1] == null || !SAFE.matcher(field[1]).matches()) {
                throw RequestRejectedException.invalid("dataset.json " + field[0] + " '" + field[1] + "' must match "
                        + SAFE.pattern() + " to name a directory",
                        List.of(new InvalidField("dataset.json " + field[0], field[1], "unsafe as a directory name")));
            }
        }
        return base.resolve(id).resolve(version);
    }

    /** Moves the root to {@code target} atomically, unless something is there already (the same upload again). */
    public void moveRootTo(Path target) throws IOException {
        if (!Files.exists(target)) {
            Files.createDirectories(target.getParent());
            Files.move(root, target, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    @Override
    public void close() {
        deleteQuietly(tmp);
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }
}
