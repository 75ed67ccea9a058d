package io.clirbench.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs Debian's {@code /usr/bin/chromium} headless for browser tests: {@link #dumpDom} returns the
 * DOM after rendering, {@link #screenshot} writes a PNG. Each call uses a fresh, temporary profile
 * and no network services, and is killed after the timeout. Published in bench-core's test-jar
 * ({@code <type>test-jar</type>}, test scope).
 *
 * <p>Tests that need it call {@link #requireAvailable()}: a missing browser is a failure that says
 * how to install it, not a silent skip. Set {@code CLIRBENCH_SKIP_BROWSER=1} to skip such tests
 * on purpose ({@link #skipRequested()}).
 */
public final class HeadlessChromium {

    /** Where Debian's {@code chromium} package installs the browser. */
    public static final Path DEFAULT_BINARY = Path.of("/usr/bin/chromium");
    /** The environment variable that, set to {@code 1}, skips browser tests. */
    public static final String SKIP_ENV = "CLIRBENCH_SKIP_BROWSER";

    private final Path binary;
    private final Duration timeout;

    public HeadlessChromium(Path binary, Duration timeout) {
        this.binary = binary;
        this.timeout = timeout;
    }

    /** {@code /usr/bin/chromium} with a 60-second limit per call. */
    public static HeadlessChromium standard() {
        return new HeadlessChromium(DEFAULT_BINARY, Duration.ofSeconds(60));
    }

    /** Whether the browser binary exists and is executable. */
    public boolean isAvailable() {
        return Files.isExecutable(binary);
    }

    /** Whether {@code CLIRBENCH_SKIP_BROWSER=1} asks to skip browser tests. */
    public static boolean skipRequested() {
        return "1".equals(System.getenv(SKIP_ENV));
    }

    /** Fails with an install hint when the browser is missing. */
    public HeadlessChromium requireAvailable() {
        if (!isAvailable()) {
            throw new AssertionError("headless browser test: " + binary + " not found or not executable; install it with "
                    + "`apt-get install chromium` (or set " + SKIP_ENV + "=1 to skip browser tests)");
        }
        return this;
    }

    /** The serialised DOM of {@code url} after the page has loaded and rendered. */
    public String dumpDom(String url) {
        return run(List.of("--dump-dom", url)).stdout();
    }

    /** The serialised DOM of {@code url} rendered in a window of the given size (what the page's scripts measured). */
    public String dumpDom(String url, int width, int height) {
        return run(List.of("--window-size=" + width + "," + height, "--dump-dom", url)).stdout();
    }

    /** Renders {@code url} in a 1280×2000 window and writes a PNG screenshot to {@code png}; returns the browser's output. */
    public String screenshot(String url, Path png) {
        return screenshot(url, png, 1280, 2000);
    }

    /** Renders {@code url} in a window of the given size and writes a PNG screenshot to {@code png}. */
    public String screenshot(String url, Path png, int width, int height) {
        Result result = run(List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
                "--hide-scrollbars", url));
        if (!Files.isRegularFile(png)) {
            throw new AssertionError("chromium wrote no screenshot to " + png + "; its output:\n" + result.stderr());
        }
        return result.stdout() + result.stderr();
    }

    /** What one chromium call printed. */
    public record Result(String stdout, String stderr) {
    }

    /** Runs chromium headless with the given extra arguments and a fresh profile; fails on timeout or a non-zero exit. */
    public Result run(List<String> arguments) {
        requireAvailable();
        Path profile = null;
        try {
            profile = Files.createTempDirectory("clirbench-chromium-");
            Path out = profile.resolve("stdout.txt");
            Path err = profile.resolve("stderr.txt");
            List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                    "--disable-quic", "--user-data-dir=" + profile.resolve("profile")));
            command.addAll(arguments);
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("chromium did not finish within " + timeout + ": " + command);
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new AssertionError("chromium exited with " + process.exitValue() + ": " + command + "\n" + stderr);
            }
            return new Result(stdout, stderr);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + binary + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for chromium", e);
        } finally {
            deleteQuietly(profile);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary profile is harmless
        }
    }
}
