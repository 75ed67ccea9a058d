package io.clirbench.core.qa.format;

import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One read of an instances file that parses, validates and works on the instances on every core, and hands the
 * results on in file order, with the problems in the order a sequential read records them ({@link ParallelLines}): workers
 * parse each line ({@link ScoringRecordScanner}, else {@link QaRecordParser}), run the checks of one instance
 * ({@link QaValidator#checkContent}) and, for a valid instance, {@code work}; the calling thread checks ids across
 * instances ({@link QaValidator#checkUnique}) and calls the sink while no problem has been found. Memory holds a few batches
 * of lines whatever the file's size; an instance is garbage once worked on.
 *
 * @param <T> what {@code work} makes of an instance
 */
final class ParallelInstances<T> {

    /** Receives, in file order, each parsed instance's id, line, languages and work (null when it has a problem). */
    interface Sink<T> {
        void accept(String id, int line, Set<String> languages, T work);
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
        QaValidator validator = new QaValidator(name, problems);
        ParallelLines.run(file, "qa-instances", this::process, new ParallelLines.Consumer<Done<T>>() {
            @Override
            public void readerProblems(List<Problem> readerProblems) {
                readerProblems.forEach(p -> problems.add(p.file(), p.line(), p.message()));
            }

            @Override
            public void results(List<Done<T>> batch) {
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
        });
    }

    // on a worker: each line decoded (the same text, or the same problem, as LineReader.forEachLine), blank ones skipped
    private List<Done<T>> process(List<ParallelLines.Line> batch) {
        List<Done<T>> out = new ArrayList<>(batch.size());
        QaValidator checks = new QaValidator(name, new Problems());
        for (ParallelLines.Line item : batch) {
            byte[] bytes = item.bytes();
            Problems mine = new Problems();
            // the usual, valid line: read from its bytes, never decoded, no tree, no sentence texts
            QaInstance instance = ScoringRecordScanner.parse(bytes, item.start(), item.end());
            if (instance == null) { // any other line: decoded and read the Jackson way, which names what is wrong
                String text = LineReader.decodeLine(bytes, item.start(), item.end(), name, item.number(), mine);
                if (text == null) { // not UTF-8: the problem is recorded
                    out.add(new Done<>(item.number(), null, mine.list(), null, null));
                    continue;
                }
                if (text.isBlank()) {
                    continue;
                }
                instance = ScoringRecordParser.parse(text);
                if (instance == null) {
                    instance = QaRecordParser.parse(text, name, item.number(), mine);
                }
                if (instance == null) {
                    out.add(new Done<>(item.number(), null, mine.list(), null, null));
                    continue;
                }
            }
            checks.checkContent(instance, item.number(), mine);
            boolean valid = mine.isEmpty();
            out.add(new Done<>(item.number(), instance.id(), mine.list(), QaValidator.languagesOf(instance),
                    valid ? work.apply(instance) : null));
        }
        return out;
    }
}
