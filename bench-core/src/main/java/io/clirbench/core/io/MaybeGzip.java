package io.clirbench.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a file that may be gzip-compressed, recognised by its magic bytes rather than its name; a
 * gzip file inflates within the limits of {@link BoundedInflation}.
 */
public final class MaybeGzip {

    private static final int MAGIC_1 = 0x1f;
    private static final int MAGIC_2 = 0x8b;

    private MaybeGzip() {
    }

    /**
     * A stream of the file's (decompressed) bytes. Not buffered beyond what decompression needs:
     * callers that read byte by byte wrap it, callers that read in large blocks need not. A read
     * past an inflation limit throws {@link InflationLimitException}.
     */
    public static InputStream open(Path file) throws IOException {
        PushbackInputStream in = new PushbackInputStream(Files.newInputStream(file), 2);
        try {
            byte[] head = in.readNBytes(2);
            in.unread(head);
            return isGzip(head) ? BoundedInflation.gunzip(in) : in;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * All the file's (decompressed) bytes. A plain file is read into one array of its size (a stream's
     * {@code readAllBytes} gathers chunks and copies them, twice the memory); a gzip file as {@link #open} inflates it.
     */
    public static byte[] readAllBytes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            if (!isGzip(in.readNBytes(2))) {
                return Files.readAllBytes(file);
            }
        }
        try (InputStream in = open(file)) {
            return in.readAllBytes();
        }
    }

    private static boolean isGzip(byte[] head) {
        return head.length == 2 && (head[0] & 0xff) == MAGIC_1 && (head[1] & 0xff) == MAGIC_2;
    }
}
