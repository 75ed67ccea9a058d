package io.clirbench.core.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the rendered files of a report bundle (name → content, as {@link ReportBundle}, {@code QaReportBundle} and
 * {@code AgentReportBundle} render them; '/' in a name for a sub-directory) into a directory, as UTF-8. Each file is
 * written beside its target and moved into place whole, so a reader never sees half a file; a name that would leave
 * the directory is refused before anything is written.
 */
public final class ReportDirectory {

    private ReportDirectory() {
    }

    /** Writes every file, in the map's order; returns their paths ({@code dir.resolve(name)}). */
    public static List<Path> write(Map<String, String> files, Path dir) {
        Path root = dir.toAbsolutePath().normalize();
        for (String name : files.keySet()) {
            Path target = root.resolve(name).normalize();
            if (!target.startsWith(root) || target.equals(root)) {
                throw new IllegalArgumentException("report file name '" + name + "' is outside the output directory " + dir
                        + "; nothing written");
            }
        }
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(root);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path target = root.resolve(file.getKey()).normalize();
                Files.createDirectories(target.getParent());
                Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
                // a new file: a leftover partial, or a link planted under its name, is removed, never written through
                Files.deleteIfExists(partial);
                Files.writeString(partial, file.getValue(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                written.add(dir.resolve(file.getKey()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }
}
