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
    private static final int CHUNK_BYTES = 1 << 18;

    // a line of the file (its bytes: bytes[start, end), where the reader read it), or the reader's own problems recorded before the next line
    private record Item(int line, byte[] bytes, int start, int end, List<Problem> readerProblems) {
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
        Thread reader = new Thread(() -> read(workers, queue), "qa-instances-reader");
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
     * The reader thread only cuts lines (LineReader's limits and their problems), in the arrays it reads into: no line is
     * copied (LineReader.ChunkedHandler). The workers decode them (the same text, or the same problem, as
     * LineReader.forEachLine) and skip the blank ones, so problems keep their order. A batch holds the lines of one array.
     */
    private void read(ExecutorService workers, BlockingQueue<CompletableFuture<List<Done<T>>>> queue) {
        Problems readerProblems = new Problems();
        List<Item> batch = new ArrayList<>(BATCH_LINES);
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
                        if (!batch.isEmpty()) {
                            submit(workers, queue, List.copyOf(batch));
                            batch.clear();
                        }
                    }

                    @Override
                    public void line(int line, byte[] bytes, int start, int end) {
                        flushReaderProblems(readerProblems, reported, batch);
                        batch.add(new Item(line, bytes, start, end, null));
                        if (batch.size() >= BATCH_LINES) {
                            submit(workers, queue, List.copyOf(batch));
                            batch.clear();
                        }
                    }
                });
                flushReaderProblems(readerProblems, reported, batch);
                if (!batch.isEmpty()) {
                    submit(workers, queue, List.copyOf(batch));
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

    private static void flushReaderProblems(Problems readerProblems, int[] reported, List<Item> batch) {
        if (readerProblems.size() > reported[0]) {
            List<Problem> all = readerProblems.list();
            batch.add(new Item(0, null, 0, 0, all.subList(reported[0], all.size())));
            reported[0] = all.size();
        }
    }

    private void submit(ExecutorService workers, BlockingQueue<CompletableFuture<List<Done<T>>>> queue, List<Item> batch) {
        try {
            queue.put(CompletableFuture.supplyAsync(() -> process(batch), workers));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private List<Done<T>> process(List<Item> batch) {
        List<Done<T>> out = new ArrayList<>(batch.size());
        QaValidator checks = new QaValidator(name, new Problems());
        for (Item item : batch) {
            byte[] bytes = item.bytes();
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
