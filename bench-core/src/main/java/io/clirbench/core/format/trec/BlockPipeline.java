package io.clirbench.core.format.trec;

import io.clirbench.core.io.InputLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Cuts a run file into blocks of whole queries on a reading thread (which also inflates a
 * gzip file), parses the blocks on a pool of threads, and returns the results in file order.
 * A fixed number of block buffers circulate, so memory is bounded by
 * {@code buffers x block size} (a block grows only to hold one query larger than it).
 */
final class BlockPipeline implements AutoCloseable {

    /** Parses {@code b[0, length)}, which holds whole lines of whole queries. */
    @FunctionalInterface
    interface BlockTask {
        List<ScannedList> parse(byte[] b, int length);
    }

    /** The usual block: about 30 queries of 1,000 lines. */
    static final int BLOCK_SIZE = 1 << 20;

    private static final Future<List<ScannedList>> END = CompletableFuture.completedFuture(null);

    private final int blockSize;
    private final InputStream in;
    private final String fileName;
    private final BlockTask task;
    private final BlockingQueue<byte[]> free;
    private final BlockingQueue<Future<List<ScannedList>>> results;
    private final ExecutorService pool;
    private final Thread reader;
    private volatile boolean closed;

    BlockPipeline(InputStream in, String fileName, int workers, int blockSize, BlockTask task) {
        this.blockSize = blockSize;
        this.in = in;
        this.fileName = fileName;
        this.task = task;
        int buffers = 2 * workers + 2;
        free = new ArrayBlockingQueue<>(buffers);
        results = new ArrayBlockingQueue<>(buffers + 1);
        for (int i = 0; i < buffers; i++) {
            free.add(new byte[blockSize + BlockParser.PAD]);
        }
        pool = Executors.newFixedThreadPool(workers, r -> Thread.ofPlatform().daemon().name("trec-run-scan").unstarted(r));
        reader = Thread.ofPlatform().daemon().name("trec-run-read").unstarted(this::readBlocks);
        reader.start();
    }

    /** The next block's result in file order, or null after the last block. */
    Future<List<ScannedList>> next() {
        try {
            Future<List<ScannedList>> next = results.take();
            return next == END ? null : next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scanning " + fileName, e);
        }
    }

    private void readBlocks() {
        byte[] carry = new byte[0];
        int carryLength = 0;
        try (in) {
            boolean eof = false;
            while (!eof && !closed) {
                byte[] b = free.take();
                if (b.length < carryLength + blockSize / 2) {
                    b = new byte[carryLength + blockSize + BlockParser.PAD];
                }
                System.arraycopy(carry, 0, b, 0, carryLength);
                int length = carryLength;
                int boundary;
                while (true) {
                    int n;
                    int capacity = b.length - BlockParser.PAD;
                    while (length < capacity && (n = in.read(b, length, capacity - length)) > 0) {
                        length += n;
                    }
                    eof = length < capacity;
                    boundary = eof ? length : lastQueryBoundary(b, length);
                    if (boundary > 0 || length == 0) {
                        break;
                    }
                    if (length - lastNewline(b, length - 1) - 1 > InputLimits.LINE_BYTES) {
                        throw RunScanner.FallBack.INSTANCE; // TrecRunReader stops there and names the line
                    }
                    b = Arrays.copyOf(b, (b.length - BlockParser.PAD) * 2 + BlockParser.PAD); // one query longer than the block
                }
                carryLength = length - boundary;
                if (carry.length < carryLength) {
                    carry = new byte[Math.max(carryLength, 2 * carry.length)];
                }
                System.arraycopy(b, boundary, carry, 0, carryLength);
                submit(b, boundary);
            }
            results.put(END);
        } catch (InterruptedException e) {
            // closed by the consumer
        } catch (IOException e) {
            fail(new UncheckedIOException(fileName + ": " + e.getMessage(), e));
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    private void submit(byte[] b, int length) throws InterruptedException {
        results.put(pool.submit(() -> {
            try {
                return task.parse(b, length);
            } finally {
                if (b.length == blockSize + BlockParser.PAD) {
                    free.offer(b);
                } else {
                    free.offer(new byte[blockSize + BlockParser.PAD]); // let an outsized block go
                }
            }
        }));
    }

    private void fail(Throwable e) {
        try {
            results.put(CompletableFuture.failedFuture(e));
        } catch (InterruptedException ignored) {
            // closed by the consumer
        }
    }

    /**
     * An offset in {@code b[0, length)} between two lines of different queries, after which
     * only lines of the query of the last complete line follow: the block can end there. 0 when
     * there is none (the block holds one query). The lines of that last query are found by
     * jumping back in growing steps and then bisecting, so only a few lines are looked at.
     */
    static int lastQueryBoundary(byte[] b, int length) {
        int last = lastNewline(b, length - 1); // the end of the last complete line
        if (last < 0) {
            return 0;
        }
        int hi = lineStart(b, last);            // a line of the last query
        if (!hasQid(b, hi)) {
            return linearBoundary(b, last);
        }
        int lo = -1;                              // a line of another query, before hi
        for (int step = 4096; lo < 0; step *= 2) {
            int probe = hi - step;
            if (probe <= 0) {
                int first = 0;
                if (!hasQid(b, first)) {
                    return linearBoundary(b, last);
                }
                if (sameQid(b, first, hi)) {
                    return 0;
                }
                lo = first;
                break;
            }
            int line = lineStart(b, probe);
            if (!hasQid(b, line)) {
                return linearBoundary(b, last);
            }
            if (sameQid(b, line, hi)) {
                hi = line;
            } else {
                lo = line;
            }
        }
        while (true) { // lo's query differs from hi's, which is the last query; narrow to adjacent lines
            int afterLo = lineEnd(b, lo) + 1;
            if (afterLo >= hi) {
                return hi;
            }
            int mid = lineStart(b, (afterLo + hi) >>> 1);
            if (mid <= lo) {
                mid = afterLo;
            }
            if (!hasQid(b, mid)) {
                return linearBoundary(b, last);
            }
            if (sameQid(b, mid, hi)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
    }

    /** The same by walking back line by line (used when blank lines are about). */
    private static int linearBoundary(byte[] b, int last) {
        int lineEnd = last;
        int ref = -1;
        while (lineEnd >= 0) {
            int start = lineStart(b, lineEnd);
            if (hasQid(b, start)) {
                if (ref < 0) {
                    ref = start;
                } else if (!sameQid(b, start, ref)) {
                    return lineEnd + 1;
                }
            }
            lineEnd = start - 1;
        }
        return 0;
    }

    /** The start of the line holding offset {@code i}. */
    private static int lineStart(byte[] b, int i) {
        return i < 0 ? 0 : lastNewline(b, i - 1) + 1;
    }

    private static int lineEnd(byte[] b, int start) {
        int i = start;
        while (b[i] != '\n') {
            i++;
        }
        return i;
    }

    private static int qidFrom(byte[] b, int lineStart) {
        int i = lineStart;
        while (b[i] != '\n' && isSpace(b[i])) {
            i++;
        }
        return i;
    }

    private static int qidTo(byte[] b, int from) {
        int i = from;
        while (b[i] != '\n' && !isSpace(b[i])) {
            i++;
        }
        return i;
    }

    private static boolean hasQid(byte[] b, int lineStart) {
        return b[qidFrom(b, lineStart)] != '\n';
    }

    private static boolean sameQid(byte[] b, int lineA, int lineB) {
        int a = qidFrom(b, lineA);
        int c = qidFrom(b, lineB);
        return Arrays.equals(b, a, qidTo(b, a), b, c, qidTo(b, c));
    }

    private static int lastNewline(byte[] b, int from) {
        for (int i = from; i >= 0; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B;
    }

    /** Stops reading and parsing; the file is closed when this returns. */
    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        pool.shutdownNow();
        boolean interrupted = false;
        while (reader.isAlive()) {
            try {
                reader.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
