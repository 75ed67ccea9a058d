package io.clirbench.core.io;

/**
 * The limits every reader and service checks before doing work on input it did not write (the
 * README's "Limits" table lists them). They are what makes out-of-memory on hostile input
 * impossible: no reader buffers a line past {@link #LINE_BYTES}, no evaluation allocates for a
 * bootstrap count past {@link #MAX_BOOTSTRAP}
 * (checked by {@link io.clirbench.core.stats.Stats}).
 */
public final class InputLimits {

    /** The longest line of a JSONL, TSV or TREC file: 1 MiB of (inflated) bytes, the '\n' excluded. */
    public static final int LINE_BYTES = 1 << 20;

    /**
     * Blank lines (empty, or only spaces, tabs and '\r') in a row in a line-based file: 1,000.
     * Readers skip a blank line, and the shipped datasets have none; a run of them is a bomb's
     * padding (issue 28), refused at the first line past the limit.
     */
    public static final int BLANK_LINES = 1_000;

    /** A whole-file JSON document read at once ({@code dataset.json}, a task file): 1 MiB. */
    public static final int SMALL_DOCUMENT_BYTES = 1 << 20;

    /** A whole-file document an importer reads at once (a SQuAD JSON file, a CSV): 512 MiB. */
    public static final long DOCUMENT_BYTES = 512L << 20;

    /**
     * Inflated bytes of one gzip file (all its members): 4 GiB, the gateway's zip limit too. Real
     * corpora and runs are far below it (the shipped xquad corpus inflates to 3.7 MB, the shipped
     * random run to 75 MB); it bounds a bomb whose ratio stays under {@link #INFLATION_RATIO}.
     */
    public static final long INFLATED_BYTES = 4L << 30;

    /**
     * Inflated over compressed bytes of one gzip file, checked as bytes stream over each
     * {@link #RATIO_WINDOW} inflated bytes: 100. JSONL, TSV and TREC text compresses 3 to 7 times
     * (the shipped datasets and runs); blank lines or one repeated byte about 1,000 times.
     */
    public static final long INFLATION_RATIO = 100;

    /**
     * Inflated bytes over which {@link #INFLATION_RATIO} is judged: 8 MiB, so a file smaller than
     * that is never judged by its ratio, and one endless line still meets the clearer
     * {@link #LINE_BYTES} limit first.
     */
    public static final long RATIO_WINDOW = 8L << 20;

    /** Ranked results per query a run may ask for or an evaluation may score. */
    public static final int MAX_DEPTH = 10_000;

    /** Bootstrap resamples (0 = no intervals). */
    public static final int MAX_BOOTSTRAP = 100_000;

    /** Retrievers (or QA systems) in one run. */
    public static final int MAX_SYSTEMS = 32;

    /** Characters of one request string field (a retriever id, a dataset id, a path). */
    public static final int MAX_FIELD_CHARS = 4096;

    /** Characters of an offending value quoted in an error message. */
    public static final int QUOTE_CHARS = 80;

    private InputLimits() {
    }

    /** A text cut to {@link #QUOTE_CHARS} characters for an error message, with "..." where it was cut. */
    public static String shorten(String text) {
        if (text == null) {
            return null;
        }
        return text.length() > QUOTE_CHARS ? text.substring(0, QUOTE_CHARS - 3) + "..." : text;
    }

    /** Why {@code value} is not in {@code [min, max]}, or null when it is. */
    public static String outOfRange(long value, long min, long max) {
        return value < min || value > max ? "must be in " + min + ".." + max + ", got " + value : null;
    }
}
