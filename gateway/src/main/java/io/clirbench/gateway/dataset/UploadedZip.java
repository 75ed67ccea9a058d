package io.clirbench.gateway.dataset;

import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 * {@link ZipUnpacker} (no entry outside it), {@link #root()} the directory holding {@code dataset.json}. The caller
 * validates the root before anything is stored, then {@link #moveRootTo moves} it in place; {@link #close} deletes
 * whatever is left, so a refused upload leaves nothing behind.
 */
public final class UploadedZip implements AutoCloseable {

    /** Ids and versions become directory names of uploads. */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]{0,127}");

    private final Path tmp;
    private final Path root;

    private UploadedZip(Path tmp, Path root) {
        this.tmp = tmp;
        this.root = root;
    }

    /** Receives and unpacks {@code body}; refused (nothing kept) when too large, not a zip, or escaping its directory. */
    public static UploadedZip receive(InputStream body, Path dataDir, long maxBytes) throws IOException {
        Files.createDirectories(dataDir.resolve("tmp"));
        Path tmp = Files.createTempDirectory(dataDir.resolve("tmp"), "upload-");
        try {
            Path zip = tmp.resolve("upload.zip");
            copyLimited(body, zip, maxBytes);
            Path unpacked = Files.createDirectory(tmp.resolve("unpacked"));
            ZipUnpacker.unzip(zip, unpacked);
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

    private static void copyLimited(InputStream in, Path file, long max) throws IOException {
        byte[] buf = new byte[64 * 1024];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                total += n;
                if (total > max) {
                    throw RequestRejectedException.tooLarge(
                            "upload is larger than gateway.upload.max-bytes = " + max + " bytes");
                }
                out.write(buf, 0, n);
            }
        }
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
