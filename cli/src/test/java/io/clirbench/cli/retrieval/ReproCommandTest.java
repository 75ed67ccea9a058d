package io.clirbench.cli.retrieval;

import io.clirbench.cli.BenchCommand;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench repro} on the shipped random-run file (expected values from probability) and on a deliberately wrong one. */
class ReproCommandTest {

    @Test
    void theShippedRandomRunFilePasses() {
        Result result = bench("repro", "../repro/xquad-clir-random.yaml");
        assertThat(result.code).as(result.out).isZero();
        assertThat(result.out).contains("OK   random-seed42", "all values OK").doesNotContain("FAIL");
    }

    @Test
    void aValueOutsideItsToleranceFailsWithExitStatusOne(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(Path.of("../repro/xquad-clir-random.yaml"));
        // the chance floor is R@10_same = 10/2880 = 0.0035, so 0.5 ± 0.01 must fail
        String wrong = shipped.replace("metric: R@10_same, section: 2, value: 0.003472", "metric: R@10_same, section: 2, value: 0.5")
                .replace("../datasets/", Path.of("../datasets").toAbsolutePath().normalize() + "/")
                .replace("../runs/", Path.of("../runs").toAbsolutePath().normalize() + "/");
        Path file = dir.resolve("wrong.yaml");
        Files.writeString(file, wrong);
        Result result = bench("repro", file.toString());
        assertThat(result.code).isEqualTo(1);
        assertThat(result.out).contains("FAIL random-seed42", "R@10_same", "1 value(s) FAIL");
    }

    private record Result(int code, String out) {
    }

    private static Result bench(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            return new Result(BenchCommand.commandLine().execute(args), out.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
        }
    }
}
