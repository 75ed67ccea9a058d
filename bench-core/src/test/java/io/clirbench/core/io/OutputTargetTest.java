package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks before a command writes a user's output (issue 45): the output and each path it replaces are none of
 * the inputs, and an output replaced whole holds none; links are refused unless asked. The commands' own refusals
 * are checked end to end in the cli's OutputTargetCommandsTest and QaExportCommandTest.
 */
class OutputTargetTest {

    @TempDir
    Path tmp;

    @Test
    void aReplacedFileThatIsAnInputIsRefusedEvenWhenLinksMayBeFollowed() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path input = Files.writeString(out.resolve("report.json"), "input");
        Path secondPath = tmp.resolve("out/../out/report.json");

        for (boolean follow : new boolean[] {false, true}) {
            assertThatThrownBy(() -> OutputTarget.check(out, List.of(secondPath), List.of(out.resolve("report.json")), follow,
                    "--follow-symlinks")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the output's " + input + " is the input " + secondPath
                            + ": writing it would replace what is being read; choose another output");
        }
        assertThatCode(() -> OutputTarget.check(out, List.of(secondPath), List.of(out.resolve("report.md")), false, "--x"))
                .doesNotThrowAnyException();
    }

    @Test
    void anOutputReplacedWholeMayNotHoldAnInput() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path input = Files.writeString(Files.createDirectories(out.resolve("sub")).resolve("corpus.jsonl"), "x");

        assertThatThrownBy(() -> OutputTarget.checkReplacedWhole(out, List.of(input), false, "--follow-symlinks"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the output " + out + " holds the input " + input
                        + ": replacing it would delete what is being read; choose another output");
        // beside it, not inside: written
        Path sibling = Files.createDirectories(tmp.resolve("out-2"));
        assertThatCode(() -> OutputTarget.checkReplacedWhole(sibling, List.of(input), false, "--follow-symlinks"))
                .doesNotThrowAnyException();
    }
}
