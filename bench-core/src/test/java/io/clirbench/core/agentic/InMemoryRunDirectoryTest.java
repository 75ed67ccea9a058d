package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.BcpRunWriter;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.dataset.DatasetFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BrowseComp-Plus run directory held in memory (what the eval-service scores, without a temporary folder) reads
 * exactly as the same files on disk: the peer's own run directory ({@code shared/data/agentic-parity/bcp-main},
 * written by BrowseComp-Plus's agent) read both ways gives equal runs, bad files fail or are skipped alike, and a
 * rendered run written to disk is the same files.
 */
class InMemoryRunDirectoryTest {

    private static final Path RUN = BcpParityTest.CASE.resolve("runs/fixture-agent");

    @TempDir
    Path tmp;

    @Test
    void thePeersRunDirectoryReadsTheSameFromMemoryAsFromDisk() throws IOException {
        Map<String, String> files = filesOf(RUN);
        assertThat(files).isNotEmpty();

        AgentRun fromMemory = BcpRunReader.read(files, "fixture-agent", true);

        assertThat(fromMemory).isEqualTo(BcpRunReader.read(RUN, "fixture-agent", true));
        assertThat(fromMemory.traces()).hasSize(files.size());
    }

    @Test
    void aBadFileFailsStrictAndIsSkippedLenientAlike() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        for (Path f : filesIn(RUN)) {
            Files.copy(f, dir.resolve(f.getFileName()));
        }
        Files.writeString(dir.resolve("run_zz.json"), "{\"query_id\": \"zz\", \"status\": \"completed\"}");
        Map<String, String> files = filesOf(dir);

        String onDisk = messageOf(() -> BcpRunReader.read(dir, "r", true));
        assertThat(onDisk).contains("run_zz.json");
        assertThat(messageOf(() -> BcpRunReader.read(files, "r", true))).isEqualTo(onDisk);
        assertThat(BcpRunReader.read(files, "r", false)).isEqualTo(BcpRunReader.read(dir, "r", false));
        assertThat(BcpRunReader.read(files, "r", false).skipped()).singleElement()
                .satisfies(s -> assertThat(s.file()).isEqualTo("run_zz.json"));
    }

    @Test
    void noRunFilesIsAnErrorNamingTheRun() {
        assertThatThrownBy(() -> BcpRunReader.read(Map.of("notes.txt", "x"), "empty-run", true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("run empty-run: no .json run files");
    }

    @Test
    void aRenderedRunWrittenToDiskIsTheSameFiles() throws IOException {
        AgentRun run = BcpRunReader.read(RUN, "fixture-agent", true);
        Map<String, String> rendered = BcpRunWriter.render(run);
        Path dir = tmp.resolve("written");

        BcpRunWriter.write(run, dir);

        assertThat(filesOf(dir)).isEqualTo(rendered);
        assertThat(BcpRunReader.read(rendered, "fixture-agent", true).traces()).hasSameSizeAs(run.traces());
    }

    private static String messageOf(Runnable read) {
        try {
            read.run();
        } catch (DatasetFormatException | IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected the read to fail");
    }

    private static Map<String, String> filesOf(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (Path f : filesIn(dir)) {
            files.put(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
        }
        return files;
    }

    private static java.util.List<Path> filesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
