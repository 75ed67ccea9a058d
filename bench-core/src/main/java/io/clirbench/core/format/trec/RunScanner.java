package io.clirbench.core.format.trec;

import io.clirbench.core.io.MaybeGzip;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The fast reader of a TREC run for evaluation: instead of each list's ids (as
 * {@link TrecRunReader} gives them) it reports, per query, the list's size and the trec_eval
 * ranks of the ids it is told to look for ({@link ScannedList}). One thread reads (and
 * inflates) the file into blocks of whole queries, the other cores parse and rank the blocks,
 * and the calling thread receives the lists in file order; memory stays a few blocks, whatever
 * the file's size.
 *
 * <p>It covers the usual file: ASCII ids, well-formed lines, each query's lines together. On
 * anything else (a malformed line, a duplicate id, non-ASCII ids, a query whose lines are
 * apart) {@link #scan} stops and returns false, having perhaps delivered some lists: the caller
 * then discards them and reads the file with {@link TrecRunReader}, which reports the error
 * with its line or groups the queries in memory, so the results and messages are the same.
 */
public final class RunScanner {

    private final Path file;
    private final int workers;
    private final int blockSize;
    private final ThreadLocal<BlockParser> parsers = ThreadLocal.withInitial(BlockParser::new);
    private String fallBackReason;

    /** A scanner of {@code file} (plain or gzip) that parses on every available core. */
    public RunScanner(Path file) {
        this(file, Runtime.getRuntime().availableProcessors());
    }

    /** A scanner with {@code workers} parsing threads (besides the reading one). */
    public RunScanner(Path file, int workers) {
        this(file, workers, BlockPipeline.BLOCK_SIZE);
    }

    /** For tests: blocks of about {@code blockSize} bytes (small ones put many queries across block ends). */
    RunScanner(Path file, int workers, int blockSize) {
        this.file = Objects.requireNonNull(file, "file");
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        this.workers = workers;
        this.blockSize = blockSize;
    }

    /**
     * Hands each query's scanned list to {@code sink}, in file order.
     *
     * @param targets per query id, the ids whose ranks to report (null: none); called from the parsing threads
     * @param known   the ids that count as known for {@link ScannedList#unknownInTop} (null: not counted)
     * @param depth   how many top ranks {@link ScannedList#unknownInTop} looks at
     * @return true when the whole file was scanned; false when it needs {@link TrecRunReader} (see the class comment)
     */
    public boolean scan(Function<String, IdTable> targets, IdTable known, int depth, Consumer<ScannedList> sink) {
        Objects.requireNonNull(targets, "targets");
        Objects.requireNonNull(sink, "sink");
        fallBackReason = null;
        InputStream in;
        try {
            in = MaybeGzip.open(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
        Set<String> seen = new HashSet<>();
        try {
            Head head = readHead(in);
            if (head.whole()) { // smaller than half a block: one block, parsed on this thread
                closeQuietly(in);
                byte[] b = Arrays.copyOf(head.bytes(), head.bytes().length + BlockParser.PAD);
                return deliver(parser().parse(b, head.bytes().length, targets, known, depth), seen, sink);
            }
            try (BlockPipeline pipeline = new BlockPipeline(rest(head, in), file.toString(), workers, blockSize,
                    (b, length) -> parser().parse(b, length, targets, known, depth))) {
                for (Future<List<ScannedList>> next; (next = pipeline.next()) != null; ) {
                    if (!deliver(result(next), seen, sink)) {
                        return false;
                    }
                }
                return true;
            }
        } catch (FallBack e) {
            fallBackReason = "a line the fast path does not cover (malformed, duplicate id or non-ASCII id)";
            return false;
        }
    }

    /** The first bytes of a run file; {@code whole} when they are all of it. */
    private record Head(byte[] bytes, boolean whole) {
    }

    /**
     * Up to half a block of {@code in}: a small file (a few thousand lines) is parsed on the calling thread, without
     * the pipeline's threads and buffers, which cost more than the parsing; a larger one goes on to the pipeline, head
     * first ({@link #rest}).
     */
    private Head readHead(InputStream in) {
        try {
            int small = blockSize / 2;
            byte[] head = in.readNBytes(small + 1);
            return new Head(head, head.length <= small);
        } catch (IOException e) {
            closeQuietly(in);
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    /** The whole stream again: the head read already, then the rest of {@code in}. */
    private static InputStream rest(Head head, InputStream in) {
        return new SequenceInputStream(new ByteArrayInputStream(head.bytes()), in);
    }

    /** Hands {@code lists} to {@code sink}; false (the reason set) when a query comes back after other queries. */
    private boolean deliver(List<ScannedList> lists, Set<String> seen, Consumer<ScannedList> sink) {
        for (ScannedList list : lists) {
            if (!seen.add(list.queryId())) {
                fallBackReason = "the lines of query '" + list.queryId() + "' are not contiguous";
                return false;
            }
            sink.accept(list);
        }
        return true;
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // the read failed already: that is the error reported
        }
    }

    /** Why the last {@link #scan} returned false; null when it did not. */
    public String fallBackReason() {
        return fallBackReason;
    }

    private BlockParser parser() {
        return parsers.get();
    }

    private static List<ScannedList> result(Future<List<ScannedList>> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scanning a run", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Thrown by the parsing code where the fast path does not apply; no stack trace, it is control flow. */
    static final class FallBack extends RuntimeException {
        static final FallBack INSTANCE = new FallBack();

        private FallBack() {
            super("outside the fast path", null, false, false);
        }
    }
}
