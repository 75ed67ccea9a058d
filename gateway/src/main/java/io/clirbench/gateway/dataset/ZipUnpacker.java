package io.clirbench.gateway.dataset;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Unpacks an uploaded zip into a directory with every limit of {@code gateway.upload.*} checked
 * (README "Limits"): the upload's size as it arrives; the entries ({@link ZipDirectory}: count,
 * names, links, duplicates) before anything is inflated; the inflated size and the ratio to the
 * zip's size as the bytes stream, stopping at the first byte past either. A refused or broken zip
 * leaves nothing behind: what was written is removed before the rejection is thrown.
 */
@ApplicationScoped
public class ZipUnpacker {

    /** The limits of one upload. */
    public record Limits(long maxBytes, int maxEntries, long maxUncompressedBytes, double maxRatio) {

        public static Limits of(GatewayConfig.Upload upload) {
            return new Limits(upload.maxBytes(), upload.maxEntries(), upload.maxUncompressedBytes(), upload.maxRatio());
        }
    }

    private final Limits limits;

    @Inject
    ZipUnpacker(GatewayConfig config) {
        this(Limits.of(config.upload()));
    }

    public ZipUnpacker(Limits limits) {
        this.limits = limits;
    }

    public Limits limits() {
        return limits;
    }

    /**
     * Stores the request body as {@code work/upload.zip} (at most {@code max-bytes}) and unpacks it
     * into {@code work/unpacked}, which is returned. On any failure {@code work}'s content is removed.
     */
    public Path unpack(InputStream body, Path work) {
        try {
            Path zip = work.resolve("upload.zip");
            copyLimited(body, zip);
            Path unpacked = Files.createDirectory(work.resolve("unpacked"));
            unpack(zip, unpacked);
            return unpacked;
        } catch (IOException e) {
            clear(work);
            throw new UncheckedIOException("storing an upload failed: " + e.getClass().getSimpleName(), e);
        } catch (RuntimeException e) {
            clear(work);
            throw e;
        }
    }

    /** Unpacks {@code zip} into the directory {@code target}; on any failure {@code target}'s content is removed. */
    public void unpack(Path zip, Path target) {
        try {
            List<String> names = ZipDirectory.check(zip, limits.maxEntries());
            inflate(zip, target.toAbsolutePath().normalize(), names.size(), Files.size(zip));
        } catch (ZipException | java.io.EOFException e) {
            clear(target);
            throw ZipDirectory.invalid(null, "the zip is corrupt or truncated (" + e.getMessage() + ")");
        } catch (IOException e) {
            clear(target);
            throw new UncheckedIOException("unpacking an upload failed: " + e.getClass().getSimpleName(), e);
        } catch (RuntimeException e) {
            clear(target);
            throw e;
        }
    }

    private void inflate(Path zip, Path root, int expected, long zipBytes) throws IOException {
        long budget = (long) Math.min(limits.maxUncompressedBytes(), Math.max(1.0, limits.maxRatio() * zipBytes));
        long total = 0;
        int seen = 0;
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (Enumeration<? extends ZipEntry> entries = file.entries(); entries.hasMoreElements(); ) {
                ZipEntry e = entries.nextElement();
                seen++;
                Path dest = root.resolve(e.getName()).normalize();
                if (!dest.startsWith(root) || dest.equals(root)) {
                    throw ZipDirectory.invalid(e.getName(), "points outside the dataset directory");
                }
                refuseFileNamedDirectory(e);
                if (e.isDirectory()) {
                    Files.createDirectories(dest);
                    continue;
                }
                Files.createDirectories(dest.getParent());
                try (InputStream in = file.getInputStream(e); OutputStream out = Files.newOutputStream(dest)) {
                    total = copyCounted(in, out, total, budget, zipBytes, e.getName());
                }
            }
        }
        if (seen != expected) {
            throw ZipDirectory.invalid(null, "the central directory holds " + seen + " entries, its records " + expected);
        }
    }

    /** Name endings of the files a dataset holds ({@code dataset.json}, {@code corpus.jsonl.gz}, {@code qrels.tsv}...). */
    private static final List<String> FILE_ENDINGS = List.of(".json", ".jsonl", ".tsv", ".gz");

    /**
     * A directory named like a dataset file ({@code dataset.json/}, or {@code corpus.jsonl/} above another entry) is
     * refused naming the entry in the zip: read later it would fail naming the server's temporary path (issue 28).
     */
    private static void refuseFileNamedDirectory(ZipEntry e) {
        String[] segments = e.getName().split("/");
        int directories = e.isDirectory() ? segments.length : segments.length - 1;
        for (int i = 0; i < directories; i++) {
            String segment = segments[i];
            if (FILE_ENDINGS.stream().anyMatch(segment::endsWith)) {
                throw ZipDirectory.invalid(e.getName(), "makes '" + segment + "' a directory, where a dataset file of that"
                        + " name belongs (the files of a dataset must be files)");
            }
        }
    }

    /** Copies an entry, counting every inflated byte against the budget before it is written. */
    private long copyCounted(InputStream in, OutputStream out, long total, long budget, long zipBytes, String entry)
            throws IOException {
        byte[] buf = new byte[64 * 1024];
        for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
            total += n;
            if (total > budget) {
                throw overBudget(total, zipBytes, entry);
            }
            out.write(buf, 0, n);
        }
        return total;
    }

    private RequestRejectedException overBudget(long total, long zipBytes, String entry) {
        String why = total > limits.maxUncompressedBytes()
                ? "inflates to more than gateway.upload.max-uncompressed-bytes = " + limits.maxUncompressedBytes() + " bytes"
                : String.format(java.util.Locale.ROOT, "inflates to more than gateway.upload.max-ratio = %s times its %d bytes",
                        limits.maxRatio(), zipBytes);
        return RequestRejectedException.tooLarge("refused zip: " + why + " (stopped in entry '"
                + io.clirbench.core.io.InputLimits.shorten(entry) + "'; nothing was kept)",
                List.of(new InvalidField("body", null, why)));
    }

    private void copyLimited(InputStream in, Path file) throws IOException {
        byte[] buf = new byte[64 * 1024];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                total += n;
                if (total > limits.maxBytes()) {
                    throw RequestRejectedException.tooLarge(
                            "upload is larger than gateway.upload.max-bytes = " + limits.maxBytes() + " bytes",
                            List.of(new InvalidField("body", null, "more than " + limits.maxBytes() + " bytes")));
                }
                out.write(buf, 0, n);
            }
        }
    }

    /** The directory holding dataset.json: the root, or its single sub-directory. */
    public static Path datasetRoot(Path dir) throws IOException {
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

    /** Removes everything under {@code dir} (the directory itself stays). */
    static void clear(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // what could not be listed is removed with the caller's temporary directory
        }
    }
}
