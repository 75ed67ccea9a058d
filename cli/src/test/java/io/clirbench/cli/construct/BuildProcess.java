package io.clirbench.cli.construct;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * {@code bench} in a child JVM (this test's class path, {@code -Xmx256m}), so that a build test can kill it with
 * SIGKILL ({@link Process#destroyForcibly()} on Linux) at a chosen moment and start it again. Its output goes to a
 * file the test can read.
 */
public final class BuildProcess implements AutoCloseable {

    private final Process process;
    private final Path log;

    private BuildProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** The main class of {@code bench}. */
    static final String BENCH = "io.clirbench.cli.BenchCommand";

    /** Starts {@code bench ARGS} with {@code extraEnv} added to this JVM's environment; output to {@code log}. */
    public static BuildProcess start(Path log, java.util.Map<String, String> extraEnv, String... args) throws IOException {
        return start(BENCH, log, extraEnv, args);
    }

    /** Starts {@code mainClass ARGS} (a class on this test's class path) the same way. */
    static BuildProcess start(String mainClass, Path log, java.util.Map<String, String> extraEnv, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(extraEnv);
        return new BuildProcess(pb.start(), log);
    }

    /** Waits until {@code condition} holds (polled every 20 ms) or the process ends; false when it ended first or timed out. */
    public boolean awaitWhileRunning(BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            if (!process.isAlive()) {
                return condition.getAsBoolean();
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** SIGKILL, and waits for the process to be gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** The exit code, waiting at most {@code timeout}; throws when it is still running then. */
    public int exitCode(Duration timeout) throws InterruptedException, IOException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("bench did not finish within " + timeout + "; output:\n" + output());
        }
        return process.exitValue();
    }

    /**
     * A build killed with SIGKILL once its call journal holds at least {@code journaledCalls} lines, then started again with
     * the same arguments and run to its end: the second run's exit code (its output in {@code log}.2). Fails when the first
     * run ended before the kill (the test's threshold is too high for its input).
     */
    public static int killAfterJournaledCallsThenResume(Path log, java.util.Map<String, String> env, Path journal,
            int journaledCalls, Duration timeout, String... args) throws IOException, InterruptedException {
        return killAfterJournaledCallsThenResume(log, env, journal, journaledCalls, () -> { }, timeout, args);
    }

    /**
     * As above, running {@code beforeResume} between the kill and the second start (a test server's
     * {@code release()}: the requests the killed build left unanswered are dropped then).
     */
    public static int killAfterJournaledCallsThenResume(Path log, java.util.Map<String, String> env, Path journal,
            int journaledCalls, Runnable beforeResume, Duration timeout, String... args) throws IOException, InterruptedException {
        return killAfterJournaledCallsThenResume(BENCH, log, env, journal, journaledCalls, beforeResume, timeout, args);
    }

    /** As above, for {@code mainClass} instead of {@code bench}. */
    static int killAfterJournaledCallsThenResume(String mainClass, Path log, java.util.Map<String, String> env, Path journal,
            int journaledCalls, Runnable beforeResume, Duration timeout, String... args) throws IOException, InterruptedException {
        try (BuildProcess first = start(mainClass, log, env, args)) {
            boolean reached = first.awaitWhileRunning(() -> lines(journal) >= journaledCalls, timeout);
            if (!reached || !first.process.isAlive()) {
                throw new IllegalStateException("the build ended (or timed out) before " + journaledCalls + " calls were journaled; "
                        + "output:\n" + first.output());
            }
            first.kill();
        }
        beforeResume.run();
        try (BuildProcess second = start(mainClass, log.resolveSibling(log.getFileName() + ".2"), env, args)) {
            return second.exitCode(timeout);
        }
    }

    /** The number of complete lines of a file (0 when absent). */
    public static long lines(Path file) {
        try {
            if (!Files.exists(file)) {
                return 0;
            }
            byte[] b = Files.readAllBytes(file);
            long n = 0;
            for (byte x : b) {
                if (x == '\n') {
                    n++;
                }
            }
            return n;
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Every regular file under {@code dir} by relative path, with the SHA-256 of its bytes: two outputs are byte-for-byte the
     * same exactly when their trees are equal ({@code assertThat(tree(a)).isEqualTo(tree(b))}).
     */
    public static java.util.SortedMap<String, String> tree(Path dir) throws IOException {
        java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
        try (var files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                try {
                    out.put(dir.relativize(p).toString(), java.util.HexFormat.of().formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
                } catch (java.security.NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return out;
    }

    public String output() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
