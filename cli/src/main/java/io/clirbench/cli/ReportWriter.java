package io.clirbench.cli;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.report.ReportBundle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/** Writes the report files; each is written beside its target and moved into place whole. */
final class ReportWriter {

    private ReportWriter() {
    }

    static void write(EvalReport report, Path dir) {
        // Render everything first: a rendering failure then leaves earlier reports untouched.
        writeAll(ReportBundle.render(report), dir);
    }

    /** Writes the rendered files (name → content), each moved into place whole. */
    static void writeAll(Map<String, String> files, Path dir) {
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path target = dir.resolve(file.getKey());
                Files.createDirectories(target.getParent());
                Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
                Files.writeString(partial, file.getValue(), StandardCharsets.UTF_8);
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
    }
}
