package io.clirbench.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test class's {@code main} in a child JVM with a small heap (this JVM's java and class path), so that a test
 * can show that a reader refuses hostile input without running out of memory. The child's output goes to a file (a
 * child that floods it cannot block), and a child that outlives the timeout is killed.
 */
public final class SmallHeapJvm {

    private SmallHeapJvm() {
    }

    /**
     * Runs {@code main} with {@code -Xmx<heap>} and {@code args}; asserts that it exited 0 within {@code timeout}
     * without an OutOfMemoryError, and returns what it printed (stdout and stderr).
     */
    public static String run(Class<?> main, String heap, Duration timeout, Path logDir, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(logDir, main.getSimpleName() + "-", ".log");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean exited = child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        child.destroyForcibly();
        String output = Files.readString(log);
        assertThat(exited).as(output).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        assertThat(output).doesNotContain("OutOfMemoryError");
        return output;
    }
}
