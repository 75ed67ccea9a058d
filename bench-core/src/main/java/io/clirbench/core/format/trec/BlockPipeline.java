package io.clirbench.core.format.trec;

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

    static final int BLOCK_SIZE = 1 << 20;

    private static final Future<List<ScannedList>> END = CompletableFuture.completedFuture(null);

    private final InputStream in;
    private final String fileName;
    private final BlockTask task;
    private final BlockingQueue<byte[]> free;
    private final BlockingQueue<Future<List<ScannedList>>> results;
    private final ExecutorService pool;
    private final Thread reader;
    private volatile boolean closed;

    BlockPipeline(InputStream in, String fileName, int workers, BlockTask task) {
        this.in = in;
        this.fileName = fileName;
        this.task = task;
        int buffers = 2 * workers + 2;
        free = new ArrayBlockingQueue<>(buffers);
        results = new ArrayBlockingQueue<>(buffers + 1);
        for (int i = 0; i < buffers; i++) {
            free.add(new byte[BLOCK_SIZE]);
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
                if (b.length < carryLength + BLOCK_SIZE / 2) {
                    b = new byte[carryLength + BLOCK_SIZE];
                }
                System.arraycopy(carry, 0, b, 0, carryLength);
                int length = carryLength;
                int boundary;
                while (true) {
                    int n;
                    while (length < b.length && (n = in.read(b, length, b.length - length)) > 0) {
                        length += n;
                    }
                    eof = length < b.length;
                    boundary = eof ? length : lastQueryBoundary(b, length);
                    if (boundary > 0 || length == 0) {
                        break;
                    }
                    b = Arrays.copyOf(b, b.length * 2); // one query longer than the block
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
                if (b.length == BLOCK_SIZE) {
                    free.offer(b);
                } else {
                    free.offer(new byte[BLOCK_SIZE]); // let an outsized block go
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
     * The offset just after the last line whose query differs from that of the last complete
     * line in {@code b[0, length)}: everything before it is whole queries. 0 when there is none.
     */
    static int lastQueryBoundary(byte[] b, int length) {
        int lineEnd = lastNewline(b, length - 1);
        int refFrom = -1;
        int refTo = -1;
        while (lineEnd >= 0) {
            int lineStart = lastNewline(b, lineEnd - 1) + 1;
            int from = lineStart;
            while (from < lineEnd && isSpace(b[from])) {
                from++;
            }
            int to = from;
            while (to < lineEnd && !isSpace(b[to])) {
                to++;
            }
            if (to > from) {
                if (refFrom < 0) {
                    refFrom = from;
                    refTo = to;
                } else if (!Arrays.equals(b, from, to, b, refFrom, refTo)) {
                    return lineEnd + 1;
                }
            }
            lineEnd = lineStart - 1;
        }
        return 0;
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
