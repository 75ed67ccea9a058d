package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped {@code datasets/xquad-agentic} and {@code runs/xquad-agentic/<config>} are what the commands produce
 * from {@code shared/data/xquad}, byte for byte: {@code bench agent build-xquad} with the seeds of the README, then
 * {@code bench agent baseline-offline} per configuration. Re-running {@code bench agent configure} with the stored
 * seed rewrites the same configuration bytes.
 */
class XquadAgenticRegenerationTest {

    static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    static final Path SHIPPED = ROOT.resolve("datasets/xquad-agentic");
    static final Path RUNS = ROOT.resolve("runs/xquad-agentic");

    @TempDir
    Path dir;

    @Test
    void theTaskAndTheReferenceRunsRegenerateByteForByte() throws IOException {
        Path task = dir.resolve("xquad-agentic");
        BenchRun build = BenchRun.of("agent", "build-xquad", "--xquad", System.getProperty("shared.data") + "/xquad",
                "--out", task.toString(), "--question-seed", "42", "--seed", "42");
        assertThat(build.code()).as(build.err()).isZero();
        assertSameTree(task, SHIPPED);
        for (String config : List.of("original", "cross-lingual", "multilingual")) {
            Path run = dir.resolve("runs").resolve(config);
            BenchRun baseline = BenchRun.of("agent", "baseline-offline", "--task", task.toString(), "--config", config, "--out", run.toString());
            assertThat(baseline.code()).as(baseline.err()).isZero();
            assertSameTree(run, RUNS.resolve(config));
        }
        BenchRun again = BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "cross-lingual",
                "--languages", "ar,de,el,es,hi,ro,ru,th,tr,vi,zh", "--seed", "42");
        assertThat(again.code()).as(again.err()).isZero();
        assertSameTree(task, SHIPPED);
    }

    private static void assertSameTree(Path actual, Path expected) throws IOException {
        List<Path> a = files(actual);
        List<Path> e = files(expected);
        assertThat(a).as("files of " + actual).isEqualTo(e);
        for (Path p : e) {
            assertThat(Files.readAllBytes(actual.resolve(p))).as(p.toString()).isEqualTo(Files.readAllBytes(expected.resolve(p)));
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
