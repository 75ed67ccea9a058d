package io.clirbench.core.qa.format;

import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * One read of an instances file that parses, validates and works on the instances on every core, and hands the
 * results on in file order, with the problems in the order a sequential read records them. A reader thread cuts
 * the file into batches of lines ({@link LineReader}: its limits, its UTF-8 check); workers parse each line
 * ({@link QaRecordParser}), run the checks of one instance ({@link QaValidator#checkContent}) and, for a valid
 * instance, {@code work}; the calling thread takes the batches in order, checks ids across instances
 * ({@link QaValidator#checkUnique}) and calls the sink while no problem has been found. A bounded queue of batches
 * keeps memory to a few batches of lines whatever the file's size; an instance is garbage once worked on.
 *
 * @param <T> what {@code work} makes of an instance
 */
final class ParallelInstances<T> {

    /** Receives, in file order, each parsed instance's id, line, languages and work (null when it has a problem). */
    interface Sink<T> {
        void accept(String id, int line, Set<String> languages, T work);
    }

    private static final int BATCH_LINES = 64;
    private static final int BATCH_BYTES = 1 << 20;

    // a line of the file (its bytes: bytes[start, end) of its batch), or the reader's own problems recorded before the next line
    private record Item(int line, int start, int end, List<Problem> readerProblems) {
    }

    // the lines of a batch, their bytes one after another in one array
    private record Batch(byte[] bytes, List<Item> items) {
    }

    // what a worker made of one line: its problems (parse or content), and for a valid instance the rest
    private record Done<T>(int line, String id, List<Problem> problems, Set<String> languages, T work) {
    }

    private final Path file;
    private final String name;
    private final Function<QaInstance, T> work;

    ParallelInstances(Path file, Function<QaInstance, T> work) {
        this.file = file;
        this.name = file.getFileName().toString();
        this.work = work;
    }

    /** Reads the whole file; every problem goes to {@code problems}, in line order; parsed instances to {@code sink}. */
    void run(Problems problems, Sink<T> sink) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "qa-instances");
            t.setDaemon(true);
            return t;
        });
        // futures in file order; the end is an empty list
        BlockingQueue<CompletableFuture<List<Done<T>>>> queue = new ArrayBlockingQueue<>(2 * threads + 2);
        BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(3 * threads + 4); // more than can be in use at once
        Thread reader = new Thread(() -> read(workers, queue, free), "qa-instances-reader");
        reader.setDaemon(true);
        reader.start();
        QaValidator validator = new QaValidator(name, problems);
        try {
            while (true) {
                List<Done<T>> batch = queue.take().get();
                if (batch == null) {
                    break;
                }
                for (Done<T> d : batch) {
                    if (d.id() != null) {
                        validator.checkUnique(d.id(), d.line());
                    }
                    for (Problem p : d.problems()) {
                        problems.add(p.file(), p.line(), p.message());
                    }
                    if (d.id() != null) {
                        sink.accept(d.id(), d.line(), d.languages(), d.problems().isEmpty() ? d.work() : null);
                    }
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

    /*
     * The reader thread only cuts lines (LineReader's limits and their problems); the workers decode them (the same text,
     * or the same problem, as LineReader.forEachLine) and skip the blank ones, so problems keep their order. A batch's
     * bytes go back to the reader once its worker is done with them (the results hold no reference to them).
     */
    private void read(ExecutorService workers, BlockingQueue<CompletableFuture<List<Done<T>>>> queue, BlockingQueue<byte[]> free) {
        Problems readerProblems = new Problems();
        List<Item> batch = new ArrayList<>(BATCH_LINES);
        byte[][] bytes = {new byte[BATCH_BYTES]};
        int[] used = {0};
        int[] reported = {0};
        try {
            try {
                LineReader.forEachLineBytes(file, readerProblems, (line, buf, start, end) -> {
                    flushReaderProblems(readerProblems, reported, batch);
                    int length = end - start;
                    if (used[0] + length > bytes[0].length) {
                        if (!batch.isEmpty()) {
                            submit(workers, queue, free, new Batch(bytes[0], List.copyOf(batch)));
                            batch.clear();
                        }
                        bytes[0] = length > BATCH_BYTES ? new byte[length] : buffer(free);
                        used[0] = 0;
                    }
                    System.arraycopy(buf, start, bytes[0], used[0], length);
                    batch.add(new Item(line, used[0], used[0] + length, null));
                    used[0] += length;
                    if (batch.size() >= BATCH_LINES) {
                        submit(workers, queue, free, new Batch(bytes[0], List.copyOf(batch)));
                        batch.clear();
                        bytes[0] = buffer(free);
                        used[0] = 0;
                    }
                });
                flushReaderProblems(readerProblems, reported, batch);
                if (!batch.isEmpty()) {
                    submit(workers, queue, free, new Batch(bytes[0], List.copyOf(batch)));
                }
            } catch (RuntimeException e) {
                CompletableFuture<List<Done<T>>> failed = new CompletableFuture<>();
                failed.completeExceptionally(e);
                queue.put(failed);
                return;
            }
            queue.put(CompletableFuture.completedFuture(null));
        } catch (InterruptedException e) {
            // the consumer stopped (it failed): nothing more to do
        }
    }

    // a batch buffer a worker has given back, or a new one
    private static byte[] buffer(BlockingQueue<byte[]> free) {
        byte[] b = free.poll();
        return b != null ? b : new byte[BATCH_BYTES];
    }

    private static void flushReaderProblems(Problems readerProblems, int[] reported, List<Item> batch) {
        if (readerProblems.size() > reported[0]) {
            List<Problem> all = readerProblems.list();
            batch.add(new Item(0, 0, 0, all.subList(reported[0], all.size())));
            reported[0] = all.size();
        }
    }

    private void submit(ExecutorService workers, BlockingQueue<CompletableFuture<List<Done<T>>>> queue, BlockingQueue<byte[]> free,
                        Batch batch) throws RuntimeException {
        try {
            queue.put(CompletableFuture.supplyAsync(() -> {
                List<Done<T>> done = process(batch);
                if (batch.bytes().length == BATCH_BYTES) {
                    free.offer(batch.bytes());
                }
                return done;
            }, workers));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private List<Done<T>> process(Batch batch) {
        List<Done<T>> out = new ArrayList<>(batch.items().size());
        QaValidator checks = new QaValidator(name, new Problems());
        byte[] bytes = batch.bytes();
        for (Item item : batch.items()) {
            if (item.readerProblems() != null) {
                out.add(new Done<>(0, null, item.readerProblems(), null, null));
                continue;
            }
            Problems mine = new Problems();
            // the usual, valid line: read from its bytes, never decoded, no tree, no sentence texts
            QaInstance instance = ScoringRecordScanner.parse(bytes, item.start(), item.end());
            if (instance == null) { // any other line: decoded and read the Jackson way, which names what is wrong
                String text = LineReader.decodeLine(bytes, item.start(), item.end(), name, item.line(), mine);
                if (text == null) { // not UTF-8: the problem is recorded
                    out.add(new Done<>(item.line(), null, mine.list(), null, null));
                    continue;
                }
                if (text.isBlank()) {
                    continue;
                }
                instance = ScoringRecordParser.parse(text);
                if (instance == null) {
                    instance = QaRecordParser.parse(text, name, item.line(), mine);
                }
                if (instance == null) {
                    out.add(new Done<>(item.line(), null, mine.list(), null, null));
                    continue;
                }
            }
            checks.checkContent(instance, item.line(), mine);
            boolean valid = mine.isEmpty();
            out.add(new Done<>(item.line(), instance.id(), mine.list(), QaValidator.languagesOf(instance),
                    valid ? work.apply(instance) : null));
        }
        return out;
    }
}
