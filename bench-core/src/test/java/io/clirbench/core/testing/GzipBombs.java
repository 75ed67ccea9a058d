package io.clirbench.core.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

/**
 * Gzip files of blank lines, the bombs of issue 28: some real text, then {@code n} bytes of '\n'.
 * Written as gzip members one after another (valid gzip, as {@code gzip -dc} reads it): the text,
 * then one member of 64 MiB of '\n' compressed once and repeated, then the remainder; so a 50 MB
 * file of 50 GB inflated takes a second to write, not the minutes of deflating 50 GB.
 */
public final class GzipBombs {

    /** '\n' bytes per repeated member. */
    public static final int MEMBER_BYTES = 64 << 20;

    private GzipBombs() {
    }

    /** {@code head} gzipped, then {@code blankBytes} of '\n' gzipped; returns {@code file}. */
    public static Path blankLines(Path file, String head, long blankBytes) throws IOException {
        return write(file, head, blankBytes, gzipNewlines(MEMBER_BYTES));
    }

    /** A file of at least {@code compressedBytes} on disk, all blank lines after {@code head}. */
    public static Path ofCompressedSize(Path file, String head, long compressedBytes) throws IOException {
        byte[] member = gzipNewlines(MEMBER_BYTES);
        return write(file, head, Math.ceilDiv(compressedBytes, member.length) * MEMBER_BYTES, member);
    }

    private static Path write(Path file, String head, long blankBytes, byte[] member) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            if (!head.isEmpty()) {
                out.write(gzip(head.getBytes(StandardCharsets.UTF_8)));
            }
            long left = blankBytes;
            for (; left >= MEMBER_BYTES; left -= MEMBER_BYTES) {
                out.write(member);
            }
            if (left > 0) {
                out.write(gzipNewlines((int) left));
            }
        }
        return file;
    }

    private static byte[] gzipNewlines(int n) throws IOException {
        byte[] newlines = new byte[n];
        Arrays.fill(newlines, (byte) '\n');
        return gzip(newlines);
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(buffer, 1 << 16)) {
            out.write(bytes);
        }
        return buffer.toByteArray();
    }
}
