package io.clirbench.cli;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.report.CsvReport;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.report.MarkdownReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes the report files; each is written beside its target and moved into place whole. */
final class ReportFiles {

    private ReportFiles() {
    }

    static void write(EvalReport report, Path dir) {
        Map<String, String> files = new LinkedHashMap<>();
        // Render everything first: a rendering failure then leaves earlier reports untouched.
        files.put("report.json", JsonReport.render(report));
        files.put("report.md", MarkdownReport.render(report));
        files.put("summary.csv", CsvReport.summary(report));
        files.put("metrics.csv", CsvReport.metrics(report));
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path partial = dir.resolve("." + file.getKey() + ".partial");
                Files.writeString(partial, file.getValue(), StandardCharsets.UTF_8);
                Files.move(partial, dir.resolve(file.getKey()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
    }
}
