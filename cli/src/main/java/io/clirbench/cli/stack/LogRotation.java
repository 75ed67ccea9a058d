package io.clirbench.cli.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * {@code bench up} keeps the logs of the previous stacks: each {@code NAME.log} of the log directory becomes
 * {@code NAME.log.1}, the one before {@code NAME.log.2}, ... up to {@link #KEEP}; older ones are deleted.
 */
public final class LogRotation {

    /** Previous logs kept per service. */
    static final int KEEP = 5;

    private LogRotation() {
    }

    static void rotate(Path logDir, int keep) {
        if (!Files.isDirectory(logDir)) {
            return;
        }
        List<Path> logs;
        try (var files = Files.list(logDir)) {
            logs = files.filter(p -> p.getFileName().toString().endsWith(".log")).toList();
        } catch (IOException e) {
            throw new StackException("cannot list " + logDir + ": " + e.getMessage(), e);
        }
        for (Path log : logs) {
            try {
                Files.deleteIfExists(numbered(log, keep));
                for (int i = keep - 1; i >= 1; i--) {
                    if (Files.exists(numbered(log, i))) {
                        Files.move(numbered(log, i), numbered(log, i + 1), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                Files.move(log, numbered(log, 1), StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new StackException("cannot rotate " + log + ": " + e.getMessage(), e);
            }
        }
    }

    private static Path numbered(Path log, int i) {
        return log.resolveSibling(log.getFileName() + "." + i);
    }
}
