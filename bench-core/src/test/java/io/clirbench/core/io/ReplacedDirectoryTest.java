package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45: {@link OutputTarget#checkReplacedDirectory}, the check of every {@code bench build}'s output, which replaces the
 * directory whole: an output that is an input, holds one or lies in one, by any path, or is a link, is refused naming both.
 */
class ReplacedDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void anOutputThatIsHoldsOrLiesInAnInputIsRefusedByAnyPath() throws Exception {
        Path input = Files.createDirectories(dir.resolve("a/input"));
        Path parent = dir.resolve("a");
        assertThatThrownBy(() -> OutputTarget.checkReplacedDirectory(dir.resolve("a/x/../input"), "--out", Map.of("--dataset", input)))
                .hasMessage("--out " + dir.resolve("a/x/../input") + " is --dataset " + input + ": the build replaces its output "
                        + "directory whole, which would delete its input; choose another output");
        assertThatThrownBy(() -> OutputTarget.checkReplacedDirectory(parent, "--out", Map.of("--task", input)))
                .hasMessage("--out " + parent + " holds --task " + input + ": the build replaces its output directory whole, which "
                        + "would delete its input; choose another output");
        assertThatThrownBy(() -> OutputTarget.checkReplacedDirectory(input.resolve("new/out"), "--out", Map.of("--source", input)))
                .hasMessageContaining(" is inside --source " + input + ": the build replaces its output directory whole, which would "
                        + "write into its input");
        // a link to the input is seen through
        Path link = Files.createSymbolicLink(dir.resolve("link"), input);
        assertThatThrownBy(() -> OutputTarget.checkReplacedDirectory(dir.resolve("a/input"), "--out", Map.of("--dataset", link)))
                .hasMessageContaining(" is --dataset " + link);
        assertThatThrownBy(() -> OutputTarget.checkReplacedDirectory(parent, "--out", Map.of("--dataset", link)))
                .hasMessageContaining(" holds --dataset " + link);
    }

    @Test
    void anOutputThatIsASymbolicLinkIsRefused() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createSymbolicLink(dir.resolve("out"), elsewhere);
        assertThatThrownBy(() -> OutputTarget.checkReplacedDirectory(out, "--out", Map.of()))
                .hasMessage("--out " + out + " is a symbolic link: the build replaces its output directory whole, so it would replace "
                        + "the link, not what it leads to; give the directory itself");
    }

    @Test
    void aNewOutputBesideTheInputsIsAccepted() throws Exception {
        Path input = Files.createDirectories(dir.resolve("input"));
        assertThatCode(() -> OutputTarget.checkReplacedDirectory(dir.resolve("out/deeper"), "--out",
                Map.of("--dataset", input, "--source", dir.resolve("missing")))).doesNotThrowAnyException();
    }
}
