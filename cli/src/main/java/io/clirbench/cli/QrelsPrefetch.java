package io.clirbench.cli;

import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.model.Qrels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * {@code bench eval --qrels FILE}: the qrels are read on a second thread from the first instant of the command, while
 * the main thread builds and parses the command line (picocli's model, a large part of a short command's start-up),
 * and the number formatting of the report is set up beside them (the JDK's locale data, about 10 ms of CPU on first
 * use). {@code EvalCommand} then takes the judgments read ({@link #take}) instead of reading the file itself: the same
 * reader on the same file, so the same judgments; when the read failed, or the command line turns out to name another
 * file, {@code EvalCommand} reads the file as before and reports any error itself.
 */
public final class QrelsPrefetch {

    private static volatile Path path;
    private static volatile CompletableFuture<Qrels> qrels;

    private QrelsPrefetch() {
    }

    /** Starts reading the qrels of {@code bench eval ... --qrels FILE ...} (a regular file named once); else nothing. */
    static void start(String[] args) {
        if (args.length == 0 || !args[0].equals("eval")) {
            return;
        }
        String named = null;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("-h") || args[i].equals("--help") || args[i].equals("-V") || args[i].equals("--version")) {
                return; // picocli prints help or the version and evaluates nothing
            }
            String value = args[i].equals("--qrels") && i + 1 < args.length ? args[i + 1]
                    : args[i].startsWith("--qrels=") ? args[i].substring("--qrels=".length()) : null;
            if (value != null) {
                if (named != null) {
                    return; // named twice: picocli says what it makes of it
                }
                named = value;
            }
            if (args[i].equals("--")) {
                break;
            }
        }
        if (named == null || named.isEmpty() || !Files.isRegularFile(Path.of(named))) {
            return;
        }
        Path file = Path.of(named);
        CompletableFuture<Qrels> read = new CompletableFuture<>();
        path = file;
        qrels = read;
        Thread.ofPlatform().daemon().name("qrels-prefetch").start(() -> {
            try {
                read.complete(TrecQrelsReader.read(file));
            } catch (RuntimeException | Error e) {
                read.completeExceptionally(e);
            }
            DecimalFormatSymbols.getInstance(Locale.ROOT); // what the report's numbers need first
        });
    }

    /** The judgments of {@code file} read in advance, or null (none started for it, or it failed: read it again). */
    public static Qrels take(Path file) {
        CompletableFuture<Qrels> read = qrels;
        if (read == null || !file.equals(path)) {
            return null;
        }
        qrels = null;
        try {
            return read.join();
        } catch (RuntimeException e) {
            return null; // the caller's own read reports it, with the message it always gave
        }
    }
}
