package io.clirbench.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongConsumer;

/** Prints how many query lists of a run were evaluated, at most once every few seconds. */
public final class Progress implements LongConsumer {

    private static final long INTERVAL_NANOS = 5_000_000_000L;

    private final PrintStream out;
    private final String run;
    private final long start;
    private long nextReport;

    public Progress(PrintStream out, String run, long start) {
        this.out = out;
        this.run = run;
        this.start = start;
        this.nextReport = start + INTERVAL_NANOS;
    }

    @Override
    public void accept(long done) {
        if ((done & 1023) != 0) {
            return; // look at the clock only every 1,024 lists: this runs once per query
        }
        long now = System.nanoTime();
        if (now >= nextReport) {
            out.printf(Locale.ROOT, "  %s: %,d query lists (%.0f s)%n", run, done, (now - start) / 1e9);
            nextReport = now + INTERVAL_NANOS;
        }
    }
}
