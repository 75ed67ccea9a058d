package io.clirbench.core.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opens a text file that may be gzip-compressed, recognised by its magic bytes rather than its name. */
public final class RunFiles {

    private RunFiles() {
    }

    /** A stream of the file's (decompressed) bytes; unbuffered for a plain file, callers read in large blocks. */
    public static InputStream open(Path file) {
        try {
            InputStream in = Files.newInputStream(file);
            if (!isGzip(file)) {
                return in;
            }
            return new GZIPInputStream(in, 1 << 16);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    static boolean isGzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }
}
