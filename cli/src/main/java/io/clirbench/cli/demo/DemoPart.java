package io.clirbench.cli.demo;

import io.clirbench.cli.InputErrors;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * One part of {@code bench demo} (retrieval, QA) as it ended: its wall time and either the directory of its report
 * files or why it failed. A part that fails does not stop the next one; the demo exits 0 only when every part
 * succeeded.
 *
 * @param name    what the part is, as printed ("retrieval", "QA")
 * @param seconds its wall time
 * @param report  the directory of its report files (null when it failed)
 * @param failure why it failed, in one line (null when it succeeded)
 */
public record DemoPart(String name, double seconds, Path report, String failure) {

    /** A part's own reason to fail (a run that did not complete), as opposed to an error from below. */
    static final class Failure extends RuntimeException {
        Failure(String message) {
            super(message);
        }

        /** A run that ended otherwise than COMPLETED: "QA run ID ended FAILED: its message". */
        static Failure ended(String run, JsonNode end) {
            String message = end.path("message").asText("");
            return new Failure(run + " ended " + end.path("state").asText() + (message.isEmpty() ? "" : ": " + message));
        }
    }

    /** Runs {@code part}, which returns the directory of its report files; an exception becomes the part's failure. */
    static DemoPart run(String name, Supplier<Path> part) {
        long start = System.nanoTime();
        try {
            Path report = part.get();
            return new DemoPart(name, seconds(start), report, null);
        } catch (RuntimeException e) {
            return new DemoPart(name, seconds(start), null, oneLine(InputErrors.describe(e)));
        }
    }

    boolean succeeded() {
        return failure == null;
    }

    /**
     * Prints each part's wall time and report directory (out), then one line per failed part (err): "bench demo:
     * the QA part failed: ...". Returns the exit status: 0 when every part succeeded, else 1.
     */
    static int summarize(List<DemoPart> parts, double totalSeconds, PrintStream out, PrintStream err) {
        for (DemoPart p : parts) {
            out.printf(Locale.ROOT, "demo %s part: %s in %.1f s%s%n", p.name(), p.succeeded() ? "done" : "FAILED", p.seconds(),
                    p.succeeded() ? "; report files: " + p.report() : "");
        }
        out.printf(Locale.ROOT, "demo wall time %.1f s%n", totalSeconds);
        int failed = 0;
        for (DemoPart p : parts) {
            if (!p.succeeded()) {
                err.println("bench demo: the " + p.name() + " part failed: " + p.failure());
                failed++;
            }
        }
        return failed == 0 ? 0 : 1;
    }

    private static String oneLine(String message) {
        return message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
