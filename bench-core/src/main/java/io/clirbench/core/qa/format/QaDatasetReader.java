package io.clirbench.core.qa.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads a QA dataset directory (ARCHITECTURE.md "QA dataset layout"): {@code dataset.json} with
 * {@code "kind": "qa"} and {@code instances.jsonl} or {@code instances.jsonl.gz}. The whole dataset is
 * validated first and every problem is reported at once ({@link DatasetFormatException}); only a valid
 * dataset is handed on. {@link #stream} then reads it a second time one instance at a time, so that an
 * evaluation holds one instance in memory.
 */
public final class QaDatasetReader {

    private static final Set<String> INFO_FIELDS = Set.of("id", "name", "version", "license", "source", "languages", "kind");

    private final Path dir;
    private final QaDatasetInfo info;
    private final Path instances;
    private final int count;

    private QaDatasetReader(Path dir, QaDatasetInfo info, Path instances, int count) {
        this.dir = dir;
        this.info = info;
        this.instances = instances;
        this.count = count;
    }

    /** Validates the dataset in {@code dir} as a whole; throws listing every problem. */
    public static QaDatasetReader open(Path dir) {
        Path instances = instancesFile(dir);
        Problems problems = new Problems();
        Set<String> languages = new TreeSet<>();
        int[] count = {0};
        forEach(instances, problems, true, instance -> {
            count[0]++;
            languages.addAll(QaValidator.languagesOf(instance));
        });
        QaDatasetInfo info = readInfo(dir.resolve("dataset.json"), languages, problems);
        problems.throwIfAny();
        return new QaDatasetReader(dir, info, instances, count[0]);
    }

    /**
     * Validates the dataset in {@code dir} as {@link #open} does and, in the same read, works on every instance on all
     * cores ({@code work}, which must be safe to call from several threads at once) and hands the results to {@code sink}
     * in file order, one at a time, while no problem has been found. Throws listing every problem (the same problems, in
     * the same order, as {@link #open}) after the read; a caller keeps what the sink received only when nothing is thrown.
     * Memory holds a few batches of lines, not the dataset. The instances handed to {@code work} are their scoring view
     * ({@link ScoringRecordScanner}, else {@link ScoringRecordParser}): every field but the candidates' sentence texts
     * (each {@code ""}, their number kept) and the provenance (empty).
     */
    public static <T> QaDatasetReader scan(Path dir, Function<QaInstance, T> work, Consumer<T> sink) {
        Path instances = instancesFile(dir);
        Problems problems = new Problems();
        Set<String> languages = new HashSet<>(); // sorted once at the end
        int[] count = {0};
        new ParallelInstances<>(instances, work).run(problems, (id, line, used, result) -> {
            count[0]++;
            languages.addAll(used);
            if (result != null && problems.isEmpty()) {
                sink.accept(result);
            }
        });
        QaDatasetInfo info = readInfo(dir.resolve("dataset.json"), new TreeSet<>(languages), problems);
        problems.throwIfAny();
        return new QaDatasetReader(dir, info, instances, count[0]);
    }

    /** Reads and validates every instance into memory (small datasets, tests, the builder). */
    public static List<QaInstance> readAll(Path dir) {
        QaDatasetReader reader = open(dir);
        List<QaInstance> out = new ArrayList<>(reader.count);
        reader.stream(out::add);
        return out;
    }

    /** Reads and validates a bare instances file (canonical JSON lines, plain or gzipped); throws listing every problem. */
    public static List<QaInstance> readInstances(Path file) {
        Problems problems = new Problems();
        List<QaInstance> out = new ArrayList<>();
        forEach(file, problems, true, out::add);
        problems.throwIfAny();
        return out;
    }

    /** {@code instances.jsonl.gz} or {@code instances.jsonl} (the first that exists). */
    public static Path instancesFile(Path dir) {
        Path gz = dir.resolve("instances.jsonl.gz");
        Path plain = dir.resolve("instances.jsonl");
        if (Files.exists(gz)) {
            return gz;
        }
        if (Files.exists(plain)) {
            return plain;
        }
        throw new DatasetFormatException(dir.toString(), "no instances.jsonl or instances.jsonl.gz");
    }

    /** Receives an instance with the line it was read from. */
    @FunctionalInterface
    public interface LineSink {
        void accept(QaInstance instance, int line);
    }

    /** Calls {@code sink} for every instance of a file, validating when asked; problems are recorded, not thrown. */
    public static void forEach(Path file, Problems problems, boolean validate, Consumer<QaInstance> sink) {
        forEachWithLine(file, problems, validate, (instance, line) -> sink.accept(instance));
    }

    /** As {@link #forEach}, with each instance's line number. */
    public static void forEachWithLine(Path file, Problems problems, boolean validate, LineSink sink) {
        String name = file.getFileName().toString();
        QaValidator validator = new QaValidator(name, problems);
        LineReader.forEachLine(file, problems, (line, text) -> {
            if (text.isBlank()) {
                return;
            }
            QaInstance instance = QaRecordParser.parse(text, name, line, problems);
            if (instance != null) {
                if (validate) {
                    validator.check(instance, line);
                }
                sink.accept(instance, line);
            }
        });
    }

    /** Streams the (already validated) instances in file order. */
    public void stream(Consumer<QaInstance> sink) {
        Problems problems = new Problems();
        forEach(instances, problems, false, sink);
        problems.throwIfAny();
    }

    public QaDatasetInfo info() {
        return info;
    }

    public Path dir() {
        return dir;
    }

    /** Number of instances. */
    public int count() {
        return count;
    }

    private static QaDatasetInfo readInfo(Path path, Set<String> languages, Problems problems) {
        String file = path.getFileName().toString();
        if (!Files.exists(path)) {
            problems.add(file, "missing (a QA dataset needs dataset.json with \"kind\": \"qa\")");
            return null;
        }
        String text = LineReader.readAll(path, problems);
        JsonNode node = text == null ? null : JsonValues.parse(text, file, 0, problems);
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(file, "not a JSON object");
            return null;
        }
        node.fieldNames().forEachRemaining(f -> {
            if (!INFO_FIELDS.contains(f)) {
                problems.add(file, "unknown field " + JsonValues.quote(f) + " (expected one of " + new TreeSet<>(INFO_FIELDS) + ")");
            }
        });
        QaJson json = new QaJson(file, 0, problems);
        String kind = json.string(node, "kind", "");
        if (kind != null && !QaDatasetInfo.KIND.equals(kind)) {
            problems.add(file, "'kind' must be \"qa\" for a QA dataset, found " + JsonValues.quote(kind));
        }
        String id = json.string(node, "id", "");
        List<String> declared = json.strings(node, "languages", "", true);
        if (declared != null
                && !new TreeSet<>(declared.stream().map(QaValidator::canonicalOrAsWritten).toList()).equals(languages)) {
            problems.add(file, "'languages' lists " + new TreeSet<>(declared) + " but the instances use " + languages);
        }
        return id == null ? null : new QaDatasetInfo(id, json.optionalString(node, "name", ""), json.optionalString(node, "version", ""),
                json.optionalString(node, "license", ""), json.optionalString(node, "source", ""), List.copyOf(languages));
    }
}
