package io.clirbench.gateway.dataset;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/** Real crafted zips of the reproductions, as bytes (java.util.zip, or commons-compress where it cannot). */
public final class HostileZips {

    private HostileZips() {
    }

    /** A dataset directory's regular files at the zip's root. */
    public static byte[] of(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    zip.putNextEntry(new ZipEntry(f.getFileName().toString()));
                    Files.copy(f, zip);
                    zip.closeEntry();
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A dataset directory's regular files at the zip's root, except {@code name}, which is a directory entry
     * {@code name/} (issue 28: {@code dataset.json/} made the error name the server's temporary path).
     */
    public static byte[] withDirectoryFor(Path dir, String name) {
        try (Stream<Path> files = Files.list(dir)) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
                zip.putNextEntry(new ZipEntry(name + "/"));
                zip.closeEntry();
                for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals(name)).sorted().toList()) {
                    zip.putNextEntry(new ZipEntry(f.getFileName().toString()));
                    Files.copy(f, zip);
                    zip.closeEntry();
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One entry of {@code inflated} zero bytes, deflated (200 MB makes about 200 KB: the 231 KB bomb). */
    public static byte[] bomb(long inflated) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("dataset/corpus.jsonl"));
            byte[] block = new byte[1 << 20];
            for (long n = 0; n < inflated; n += block.length) {
                zip.write(block, 0, (int) Math.min(block.length, inflated - n));
            }
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** {@code count} empty stored entries with short names (20,000 of them fit in about 1.7 MB). */
    public static byte[] manyEntries(int count) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                ZipEntry e = new ZipEntry(Integer.toString(i, 36));
                e.setMethod(ZipEntry.STORED);
                e.setSize(0);
                e.setCrc(new CRC32().getValue());
                zip.putNextEntry(e);
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Entries of the given names, each holding {@code text}, written as given (java.util.zip). */
    public static byte[] named(String text, String... names) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (String name : names) {
                zip.putNextEntry(new ZipEntry(name));
                zip.write(text.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** {@code dataset.json} twice (java.util.zip refuses to write that). */
    public static byte[] duplicate() {
        return compress(List.of(new Entry("dataset.json", "{}", 0), new Entry("dataset.json", "{\"id\":\"x\"}", 0)), true);
    }

    /** A unix symbolic-link entry {@code corpus.jsonl -> /etc/shadow}. */
    public static byte[] symlink() {
        return compress(List.of(new Entry("corpus.jsonl", "/etc/shadow", 0120777)), true);
    }

    /** An entry whose name is ISO-8859-1 "caf\u00e9.txt" (byte 0xE9 is not UTF-8). */
    public static byte[] nonUtf8Name() {
        return compress(List.of(new Entry("caf\u00e9.txt", "x", 0)), false);
    }

    /** The zip cut before its central directory ends (a transfer that stopped). */
    public static byte[] truncated(byte[] zip) {
        return Arrays.copyOf(zip, zip.length - 40);
    }

    private record Entry(String name, String content, int unixMode) {
    }

    private static byte[] compress(List<Entry> entries, boolean utf8) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            if (!utf8) {
                zip.setEncoding("ISO-8859-1");
                zip.setUseLanguageEncodingFlag(false);
                zip.setCreateUnicodeExtraFields(ZipArchiveOutputStream.UnicodeExtraFieldPolicy.NEVER);
            }
            for (Entry e : entries) {
                ZipArchiveEntry entry = new ZipArchiveEntry(e.name());
                if (e.unixMode() != 0) {
                    entry.setUnixMode(e.unixMode());
                }
                zip.putArchiveEntry(entry);
                zip.write(e.content().getBytes(StandardCharsets.UTF_8));
                zip.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
