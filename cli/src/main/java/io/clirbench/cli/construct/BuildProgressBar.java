package io.clirbench.cli.construct;

import io.clirbench.core.llm.BuildProgress;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A build's progress on the console, at most once every two seconds and at the end: a bar, items done of the total,
 * the estimated time left (from this run's pace), the build's tokens and cost so far.
 */
final class BuildProgressBar implements BuildProgress {

    private static final long INTERVAL_NANOS = 2_000_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final String what;
    private final long start = System.nanoTime();
    private long next = start + INTERVAL_NANOS;

    BuildProgressBar(PrintStream out, String what) {
        this.out = out;
        this.what = what;
    }

    @Override
    public synchronized void update(int done, int total, long tokens, double cost) {
        long now = System.nanoTime();
        if (now < next && done < total) {
            return;
        }
        next = now + INTERVAL_NANOS;
        out.println("  " + what + " " + line(done, total, tokens, cost, (now - start) / 1e9));
    }

    static String line(int done, int total, long tokens, double cost, double elapsedSeconds) {
        int filled = total == 0 ? WIDTH : (int) ((long) done * WIDTH / total);
        String eta = done == 0 || done >= total ? "" : String.format(Locale.ROOT, ", about %s left",
                duration(elapsedSeconds / done * (total - done)));
        return String.format(Locale.ROOT, "[%s%s] %,d/%,d items%s; %,d tokens, $%.4f", "#".repeat(filled),
                ".".repeat(WIDTH - filled), done, total, eta, tokens, cost);
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 120 ? s + " s" : s < 7200 ? Math.round(s / 60.0) + " min" : String.format(Locale.ROOT, "%.1f h", s / 3600.0);
    }
}
