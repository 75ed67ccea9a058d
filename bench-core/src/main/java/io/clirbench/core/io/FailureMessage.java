package io.clirbench.core.io;

import java.util.stream.Collectors;

/**
 * The one-line cause of a failure as stored in a run's state and shown to users: the message's
 * lines joined, stack frames and "Caused by" lines dropped, cut to {@link #MAX_CHARS}. The trace
 * itself belongs in the log.
 */
public final class FailureMessage {

    /** The longest stored message. */
    public static final int MAX_CHARS = 500;

    private FailureMessage() {
    }

    /** The cause of {@code e} in one line: its message, or its type's simple name when it has none. */
    public static String of(Throwable e) {
        String m = e.getMessage();
        return clean(m == null || m.isBlank() ? e.getClass().getSimpleName() : m);
    }

    /** {@code text} in one line without stack frames, at most {@link #MAX_CHARS} characters. */
    public static String clean(String text) {
        if (text == null) {
            return null;
        }
        String line = text.lines().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("at ") && !l.startsWith("Caused by:") && !l.startsWith("... "))
                .collect(Collectors.joining("; "));
        return line.length() > MAX_CHARS ? line.substring(0, MAX_CHARS - 3) + "..." : line;
    }
}
