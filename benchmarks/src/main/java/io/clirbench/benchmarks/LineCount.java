package io.clirbench.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The number of lines of a file ({@code '\n'} bytes, as {@code wc -l} counts them), read in 1 MiB blocks. */
final class LineCount {

    private LineCount() {
    }

    static long of(Path file) throws IOException {
        long lines = 0;
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return lines;
    }
}
