package io.clirbench.core.qa.format;

import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.Problems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * One read of a text file, worked on on every core and handed on in file order. A reader thread cuts the file into lines
 * ({@link LineReader}: its limits, their problems) in the arrays it reads into (no line is copied:
 * {@link LineReader.ChunkedHandler}) and into batches of at most {@value #BATCH_LINES} lines of one array; workers turn
 * each batch into results; the calling thread receives the results, and the reader's problems, in file order. A bounded
 * queue keeps memory to a few batches whatever the file's size. Used by the QA evaluation for the instances
 * ({@link ParallelInstances}) and the predictions ({@link PredictionReader}).
 */
final class ParallelLines {

    /** A line of the file: {@code bytes[start, end)} (no '\n', no final '\r', no byte-order mark), not decoded. */
    record Line(int number, byte[] bytes, int start, int end) {
    }

    /** Receives, on the calling thread and in file order, the reader's problems and each batch's results. */
    interface Consumer<R> {
        /** Problems of the reader (a line past the length limit, too many blank lines, an unreadable file) at this point. */
        void readerProblems(List<Problem> problems);

        void results(List<R> results);
    }

    static final int BATCH_LINES = 64;
    private static final int CHUNK_BYTES = 1 << 18;

    // what the reader hands on: a batch of lines to work on, or the reader's problems at that point
    private record Part<R>(List<R> results, List<Problem> problems) {
    }

    private ParallelLines() {
    }

    /**
     * Reads {@code file}; {@code work} (safe to call from several threads at once) turns each batch of lines into results.
     * Returns when every line has been read and its results consumed; rethrows what {@code work} throws.
     */
    static <R> void run(Path file, String threadName, Function<List<Line>, List<R>> work, Consumer<R> consumer) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        // parts in file order; the end is a part of nulls
        BlockingQueue<CompletableFuture<Part<R>>> queue = new ArrayBlockingQueue<>(2 * threads + 2);
        Thread reader = new Thread(() -> read(file, work, workers, queue), threadName + "-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            while (true) {
                Part<R> part = queue.take().get();
                if (part.problems() != null) {
                    consumer.readerProblems(part.problems());
                } else if (part.results() != null) {
                    consumer.results(part.results());
                } else {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + file, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("cannot read " + file + ": " + e.getCause(), e.getCause());
        } finally {
            reader.interrupt();
            workers.shutdownNow();
        }
    }

    private static <R> void read(Path file, Function<List<Line>, List<R>> work, ExecutorService workers,
                                 BlockingQueue<CompletableFuture<Part<R>>> queue) {
        Problems readerProblems = new Problems();
        List<Line> batch = new ArrayList<>(BATCH_LINES);
        int[] reported = {0};
        try {
            try {
                LineReader.forEachLineBytes(file, readerProblems, new LineReader.ChunkedHandler() {
                    @Override
                    public byte[] newChunk() {
                        return new byte[CHUNK_BYTES];
                    }

                    @Override
                    public void chunkDone(byte[] chunk) {
                        submit(batch, work, workers, queue);
                    }

                    @Override
                    public void line(int number, byte[] bytes, int start, int end) {
                        if (readerProblems.size() > reported[0]) { // recorded before this line: handed on before it
                            submit(batch, work, workers, queue);
                            put(queue, CompletableFuture.completedFuture(new Part<>(null, problemsSince(readerProblems, reported))));
                        }
                        batch.add(new Line(number, bytes, start, end));
                        if (batch.size() >= BATCH_LINES) {
                            submit(batch, work, workers, queue);
                        }
                    }
                });
                submit(batch, work, workers, queue);
                if (readerProblems.size() > reported[0]) {
                    put(queue, CompletableFuture.completedFuture(new Part<>(null, problemsSince(readerProblems, reported))));
                }
            } catch (RuntimeException e) {
                CompletableFuture<Part<R>> failed = new CompletableFuture<>();
                failed.completeExceptionally(e);
                queue.put(failed);
                return;
            }
            queue.put(CompletableFuture.completedFuture(new Part<>(null, null)));
        } catch (InterruptedException e) {
            // the consumer stopped (it failed): nothing more to do
        }
    }

    private static List<Problem> problemsSince(Problems problems, int[] reported) {
        List<Problem> all = problems.list();
        List<Problem> since = List.copyOf(all.subList(reported[0], all.size()));
        reported[0] = all.size();
        return since;
    }

    // hands the batch (if any) to a worker and empties it
    private static <R> void submit(List<Line> batch, Function<List<Line>, List<R>> work, ExecutorService workers,
                                   BlockingQueue<CompletableFuture<Part<R>>> queue) {
        if (batch.isEmpty()) {
            return;
        }
        List<Line> lines = List.copyOf(batch);
        batch.clear();
        put(queue, CompletableFuture.supplyAsync(() -> new Part<>(work.apply(lines), null), workers));
    }

    private static <R> void put(BlockingQueue<CompletableFuture<Part<R>>> queue, CompletableFuture<Part<R>> part) {
        try {
            queue.put(part);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
