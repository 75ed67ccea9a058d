package io.clirbench.fuzz;

import io.clirbench.core.io.InflationLimitException;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipException;

/**
 * What the fuzz tests share: a scratch directory per JVM (emptied before each input), the splitting of one input into
 * the files of a directory, and the one I/O failure a reader may pass on for a user's bytes (a corrupt or oversize gzip).
 */
public final class Fuzz {

    /** Separates the files of one input (dataset.json, corpus, queries, qrels...): a line that no format has. */
    public static final byte[] SEPARATOR = "\n--8<--\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static final Path ROOT;

    static {
        try {
            ROOT = Files.createTempDirectory("clirbench-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(ROOT, true)));
    }

    private Fuzz() {
    }

    /** An empty directory for one input (the same one each time, emptied). */
    public static Path scratch() {
        delete(ROOT, false);
        return ROOT;
    }

    /** {@code data} cut at each {@link #SEPARATOR} into at most {@code n} parts (the last one keeps any further separators). */
    public static List<byte[]> sections(byte[] data, int n) {
        List<byte[]> out = new ArrayList<>();
        int from = 0;
        while (out.size() < n - 1) {
            int at = indexOf(data, SEPARATOR, from);
            if (at < 0) {
                break;
            }
            out.add(java.util.Arrays.copyOfRange(data, from, at));
            from = at + SEPARATOR.length;
        }
        out.add(java.util.Arrays.copyOfRange(data, from, data.length));
        return out;
    }

    /** Writes {@code bytes} as {@code dir/name}; returns the path. */
    public static Path write(Path dir, String name, byte[] bytes) {
        try {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code bytes} start as gzip does (the readers tell gzip by these magic bytes, not by the name). */
    public static boolean isGzip(byte[] bytes) {
        return bytes.length >= 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b;
    }

    /**
     * Whether {@code e} is the documented failure of a gzip input: an UncheckedIOException (or IOException) caused by
     * a corrupt, truncated or oversize gzip stream ({@link ZipException}, {@link EOFException},
     * {@link InflationLimitException}), and one of {@code inputs} is gzip at all. Anything else is a finding.
     */
    public static boolean isGzipFailure(Throwable e, byte[]... inputs) {
        if (Stream.of(inputs).noneMatch(Fuzz::isGzip)) {
            return false;
        }
        Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
        return cause instanceof ZipException || cause instanceof EOFException || cause instanceof InflationLimitException;
    }

    /** Rethrows {@code e} unless it is a gzip failure of {@code inputs} ({@link #isGzipFailure}). */
    public static void acceptGzipFailure(RuntimeException e, byte[]... inputs) {
        if (!isGzipFailure(e, inputs)) {
            throw e;
        }
    }

    private static int indexOf(byte[] data, byte[] needle, int from) {
        outer:
        for (int i = from; i <= data.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static void delete(Path dir, boolean self) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).filter(p -> self || !p.equals(dir)).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
