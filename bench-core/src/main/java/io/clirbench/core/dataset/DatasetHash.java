package io.clirbench.core.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The content hash that pins a dataset: SHA-256 over the four files {@link DatasetReader} reads, in this
 * order: {@code dataset.json}, {@code corpus.jsonl[.gz]}, {@code queries.jsonl[.gz]}, {@code qrels.tsv[.gz]}
 * (whichever of plain or gzipped exists, as {@link DatasetFiles#find} chooses). For each file the digest takes
 * its name relative to the dataset directory, a newline, its length in bytes as a decimal number, a newline,
 * then its bytes as stored (a gzipped file is hashed compressed). Printed as {@code sha256:<64 hex digits>}.
 * The same value comes from the shell:
 * <pre>
 * cd DIR; for f in dataset.json corpus.jsonl queries.jsonl qrels.tsv; do
 *   printf '%s\n%d\n' "$f" "$(stat -c %s "$f")"; cat "$f"; done | sha256sum
 * </pre>
 * (with {@code .gz} added to the names of gzipped files). Other files in the directory do not count.
 */
public final class DatasetHash {

    /** The prefix of every printed hash. */
    public static final String PREFIX = "sha256:";
    private static final List<String> FILES = List.of("dataset.json", "corpus.jsonl", "queries.jsonl", "qrels.tsv");

    private DatasetHash() {
    }

    /**
     * The hash of the dataset in {@code dir}.
     *
     * @throws DatasetFormatException naming the directory or file when a file is missing (or both plain and
     *                                gzipped exist)
     * @throws UncheckedIOException   when a file cannot be read
     */
    public static String of(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new DatasetFormatException(dir.toString(), "not a dataset directory (does not exist or is not a directory)");
        }
        Problems problems = new Problems();
        List<Path> files = new java.util.ArrayList<>();
        for (String name : FILES) {
            Path file = name.equals("dataset.json") ? present(dir, name, problems) : DatasetFiles.find(dir, name, problems);
            files.add(file);
        }
        problems.throwIfAny();
        MessageDigest digest = sha256();
        byte[] buffer = new byte[1 << 16];
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                long size = Files.size(file);
                digest.update((file.getFileName() + "\n" + size + "\n").getBytes(StandardCharsets.UTF_8));
                long read = 0;
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                    read += n;
                }
                if (read != size) {
                    throw new IOException(file + " changed while it was hashed (" + size + " bytes, then " + read + ")");
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot hash " + file + ": " + e.getMessage(), e);
            }
        }
        return PREFIX + HexFormat.of().formatHex(digest.digest());
    }

    /** Whether {@code hash} has the printed form {@code sha256:<64 lowercase hex digits>}. */
    public static boolean isValid(String hash) {
        return hash != null && hash.length() == PREFIX.length() + 64 && hash.startsWith(PREFIX)
                && hash.substring(PREFIX.length()).toLowerCase(Locale.ROOT).equals(hash.substring(PREFIX.length()))
                && hash.substring(PREFIX.length()).chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    private static Path present(Path dir, String name, Problems problems) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            problems.add(name, "missing file: " + name + " does not exist in " + dir);
            return null;
        }
        return file;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
