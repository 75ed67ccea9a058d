package io.clirbench.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a dataset directory may hold when a service reads it: directories and regular files only (issue 28, finding 5). */
class LinkFreeTreeTest {

    @TempDir
    Path tmp;

    @Test
    void directoriesAndRegularFilesPass() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ds/predictions"));
        Files.writeString(tmp.resolve("ds/dataset.json"), "{}");
        Files.writeString(dir.resolve("oracle.jsonl"), "{}\n");
        assertThat(LinkFreeTree.check(tmp.resolve("ds"))).isEqualTo(tmp.resolve("ds"));
    }

    @Test
    void aLinkAtAnyDepthIsRefusedByItsPathInTheDirectory() throws Exception {
        Path ds = Files.createDirectories(tmp.resolve("ds/predictions"));
        Files.createSymbolicLink(ds.resolve("oracle.jsonl"), Path.of("/etc/passwd"));
        assertThatThrownBy(() -> LinkFreeTree.check(tmp.resolve("ds"))).isInstanceOf(DatasetFormatException.class)
                .hasMessageStartingWith("predictions/oracle.jsonl: a symbolic link in the dataset directory, which is refused")
                .hasMessageNotContaining("/etc/passwd");
        // a link to a directory is not followed either
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.createSymbolicLink(other.resolve("configurations"), Path.of("/etc"));
        assertThatThrownBy(() -> LinkFreeTree.check(other)).hasMessageStartingWith("configurations: a symbolic link");
    }

    @Test
    void theDirectoryItselfMayNotBeALink() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertThatThrownBy(() -> LinkFreeTree.check(link)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("is a symbolic link, which is refused");
        assertThatThrownBy(() -> LinkFreeTree.check(tmp.resolve("missing"))).hasMessageContaining("does not exist");
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path ds = Files.createDirectories(tmp.resolve("ds"));
        Path fifo = ds.resolve("corpus.jsonl");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("no mkfifo here: " + e.getMessage());
            return;
        }
        Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo failed");
        // opening a FIFO for reading blocks until a writer comes: a check that opened it would hang here
        assertThatThrownBy(() -> LinkFreeTree.check(ds)).isInstanceOf(DatasetFormatException.class)
                .hasMessageStartingWith("corpus.jsonl: a special file (FIFO, device or socket) in the dataset directory");
    }
}
