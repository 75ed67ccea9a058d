package io.clirbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one writer of rendered report files: UTF-8 bytes as given, sub-directories by '/', nothing outside the directory. */
class ReportDirectoryTest {

    @TempDir
    Path tmp;

    @Test
    void writesEveryFileAsUtf8IntoItsSubDirectoryAndLeavesNoPartialFile() throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("report.md", "# Größe ✓\n");
        files.put("run-a/evaluation_summary.json", "{}\n");
        Path out = tmp.resolve("out");

        assertThat(ReportDirectory.write(files, out)).containsExactly(out.resolve("report.md"), out.resolve("run-a/evaluation_summary.json"));

        // "# Größe ✓\n" in UTF-8: '#', ' ', G, r, ö (2 bytes), ß (2 bytes), e, ' ', ✓ (3 bytes), '\n' = 14 bytes
        assertThat(Files.readAllBytes(out.resolve("report.md"))).hasSize(14)
                .isEqualTo("# Größe ✓\n".getBytes(StandardCharsets.UTF_8));
        assertThat(out.resolve("run-a/evaluation_summary.json")).hasContent("{}\n");
        try (Stream<Path> all = Files.walk(out)) {
            assertThat(all.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    @Test
    void aNameOutsideTheDirectoryIsRefusedBeforeAnythingIsWritten() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("report.md", "x");
        files.put("../escaped.txt", "x");
        Path out = tmp.resolve("out");

        assertThatThrownBy(() -> ReportDirectory.write(files, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'../escaped.txt' is outside the output directory");
        assertThat(out).doesNotExist();
        assertThat(tmp.resolve("escaped.txt")).doesNotExist();
    }

    // issue 45: a link planted under a partial file's name had the report written wherever it pointed
    @Test
    void aLinkPlantedAsAPartialFileIsRemovedNotWrittenThrough() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "keep");
        Files.createSymbolicLink(out.resolve(".report.md.partial"), victim);

        ReportDirectory.write(Map.of("report.md", "# report\n"), out);

        assertThat(victim).hasContent("keep");
        assertThat(out.resolve("report.md")).hasContent("# report\n");
        assertThat(out.resolve(".report.md.partial")).doesNotExist();
    }
}
