package io.clirbench.core.qa.export;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Exports a QA dataset directory for XHotpotQA v0.4.0 users ({@code bench qa export --format xhotpotqa DIR OUT}):
 * <ul>
 *   <li>{@code OUT/instances.jsonl}: one {@link XhotpotRecord} per line, as the peer's {@code write_instances} writes
 *       it, so that {@code xhotpotqa validate --validation OUT/instances.jsonl} and {@code xhotpotqa evaluate --gold
 *       OUT/instances.jsonl} read it;</li>
 *   <li>{@code OUT/clirbench-extra.jsonl}: per instance, what the peer's schema has no place for (absent when nothing),
 *       merged with the dataset's own {@code DIR/clirbench-extra.jsonl} (what {@code bench qa import} wrote; its values win,
 *       they are the originals, see {@link XhotpotSidecar#merge});</li>
 *   <li>{@code OUT/predictions/NAME.jsonl}: each {@code DIR/predictions/*.jsonl}, with the lines of the instances left out
 *       removed (the others byte for byte);</li>
 *   <li>{@code OUT/dataset.json} (so that {@code bench qa eval --dataset OUT} scores the same files), {@code OUT/export.json}
 *       (the counts) and {@code DIR/LICENSE} copied.</li>
 * </ul>
 * An instance whose question, answer or any candidate is in a language outside XHotpotQA's table
 * ({@link XhotpotLanguages}) is left out and counted per language; nothing else is left out: a record the peer would
 * refuse for another reason stops the export, every such record named (file, line, id), and nothing is written.
 */
public final class XhotpotExport {

    /** The peer this export is for. */
    public static final String PEER = "XHotpotQA v0.4.0 (github.com/Iman998/XhotpotQA @ 69d6c49167757889bf7b66011636459e0f7a1d6a)";
    public static final String INSTANCES = "instances.jsonl";
    public static final String SIDECAR = "clirbench-extra.jsonl";
    public static final String SUMMARY = "export.json";

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    /**
     * What an export did.
     *
     * @param read               instances in the dataset
     * @param written            records written
     * @param leftOutByLanguage  instances left out, per unsupported language they use (one instance may count under two)
     * @param leftOut            instances left out
     * @param sidecar            records with a sidecar line
     * @param splits             "original -> written" source splits with their counts
     * @param predictions        per prediction file: lines kept and lines left out
     */
    public record Summary(int read, int written, int leftOut, Map<String, Integer> leftOutByLanguage, int sidecar,
                          Map<String, Integer> splits, Map<String, int[]> predictions) {
    }

    private XhotpotExport() {
    }

    /**
     * Exports {@code dataset} into {@code out}; {@code split} (train or validation), when not null, is the
     * {@code source_split} of every record. Throws {@link DatasetFormatException} naming every record the peer would
     * refuse, before anything is written.
     */
    public static Summary write(Path dataset, Path out, String split) {
        if (split != null && !split.equals("train") && !split.equals("validation")) {
            throw new IllegalArgumentException("--split must be train or validation (the splits XHotpotQA accepts), found '" + split + "'");
        }
        QaDatasetReader reader = QaDatasetReader.open(dataset);
        Path file = QaDatasetReader.instancesFile(dataset);
        String name = file.getFileName().toString();
        if (Files.exists(out.resolve("instances.jsonl.gz"))) {
            throw new IllegalArgumentException(out + " holds instances.jsonl.gz, which bench qa eval would read instead of the export; "
                    + "choose another directory");
        }

        // pass 1: map every record, collect every problem, write nothing
        Problems problems = new Problems();
        Map<String, Map<String, Object>> given = XhotpotSidecar.read(dataset, problems);
        Set<String> exported = new HashSet<>();
        Map<String, Integer> byLanguage = new TreeMap<>();
        Map<String, Integer> splits = new TreeMap<>();
        Set<String> languages = new TreeSet<>();
        int[] counts = new int[3]; // read, left out, sidecar
        QaDatasetReader.forEachWithLine(file, problems, false, (instance, line) -> {
            counts[0]++;
            Set<String> unsupported = unsupported(instance);
            if (!unsupported.isEmpty()) {
                counts[1]++;
                unsupported.forEach(l -> byLanguage.merge(l, 1, Integer::sum));
                return;
            }
            XhotpotRecord r = XhotpotRecord.of(instance, split,
                    m -> problems.add(name, line, "id " + JsonValues.quote(instance.id()) + ": " + m));
            if (r != null) {
                exported.add(instance.id());
                splits.merge(instance.sourceSplit() + " -> " + r.record().get("source_split"), 1, Integer::sum);
                languages.add(instance.questionLanguage());
                instance.candidates().forEach(c -> languages.add(c.language()));
                counts[2] += XhotpotSidecar.merge(given.get(instance.id()), r.sidecar()) == null ? 0 : 1;
            }
        });
        Map<String, List<String>> predictions = new TreeMap<>();
        Map<String, int[]> predictionCounts = new TreeMap<>();
        for (Path p : predictionFiles(dataset)) {
            int[] total = {0};
            List<String> kept = keptLines(p, exported, problems, total);
            predictions.put(p.getFileName().toString(), kept);
            predictionCounts.put(p.getFileName().toString(), new int[] {kept.size(), total[0] - kept.size()});
        }
        problems.throwIfAny();

        // pass 2: write
        try {
            Files.createDirectories(out);
            QaDatasetWriter.atomically(out.resolve(INSTANCES), os -> records(file, split, given, os, false));
            Path sidecar = out.resolve(SIDECAR);
            if (counts[2] > 0) {
                QaDatasetWriter.atomically(sidecar, os -> records(file, split, given, os, true));
            } else {
                Files.deleteIfExists(sidecar);
            }
            for (Map.Entry<String, List<String>> e : predictions.entrySet()) {
                Files.createDirectories(out.resolve("predictions"));
                byte[] bytes = String.join("", e.getValue()).getBytes(StandardCharsets.UTF_8);
                QaDatasetWriter.atomically(out.resolve("predictions").resolve(e.getKey()), os -> os.write(bytes));
            }
            QaDatasetInfo info = reader.info();
            QaDatasetWriter.writeInfo(new QaDatasetInfo(info.id(), info.name(), info.version(), info.license(), info.source(),
                    List.copyOf(languages)), out);
            Path license = dataset.resolve("LICENSE");
            if (Files.isRegularFile(license)) {
                byte[] bytes = Files.readAllBytes(license);
                QaDatasetWriter.atomically(out.resolve("LICENSE"), os -> os.write(bytes));
            }
            Summary summary = new Summary(counts[0], exported.size(), counts[1], byLanguage, counts[2], splits, predictionCounts);
            byte[] json = (QaJson.MAPPER.writer(PRETTY).writeValueAsString(summaryJson(info, summary)) + "\n").getBytes(StandardCharsets.UTF_8);
            QaDatasetWriter.atomically(out.resolve(SUMMARY), os -> os.write(json));
            return summary;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    /** The languages of an instance that XHotpotQA's table lacks. */
    static Set<String> unsupported(QaInstance instance) {
        Set<String> out = new TreeSet<>();
        List<String> all = new ArrayList<>();
        all.add(instance.questionLanguage());
        all.add(instance.answerLanguage());
        for (Candidate c : instance.candidates()) {
            all.add(c.language());
        }
        for (String l : all) {
            if (!XhotpotLanguages.supports(l)) {
                out.add(l);
            }
        }
        return out;
    }

    private static void records(Path file, String split, Map<String, Map<String, Object>> given, OutputStream os, boolean sidecar)
            throws IOException {
        Problems problems = new Problems();
        IOException[] failure = {null};
        QaDatasetReader.forEach(file, problems, false, instance -> {
            if (failure[0] != null || !unsupported(instance).isEmpty()) {
                return;
            }
            XhotpotRecord r = XhotpotRecord.of(instance, split, m -> {
                throw new IllegalStateException("the dataset changed during the export: " + m);
            });
            try {
                if (!sidecar) {
                    os.write((r.line() + "\n").getBytes(StandardCharsets.UTF_8));
                } else {
                    Map<String, Object> extra = XhotpotSidecar.merge(given.get(instance.id()), r.sidecar());
                    if (extra != null) {
                        os.write((PythonJson.dumps(extra) + "\n").getBytes(StandardCharsets.UTF_8));
                    }
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        problems.throwIfAny();
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    private static List<Path> predictionFiles(Path dataset) {
        Path dir = dataset.resolve("predictions");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jsonl") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines (with their newline) of a XHotpotQA prediction file whose id is exported; a line without an id is a problem. */
    private static List<String> keptLines(Path file, Set<String> exported, Problems problems, int[] total) {
        String name = "predictions/" + file.getFileName();
        List<String> kept = new ArrayList<>();
        LineReader.forEachLine(file, problems, (line, text) -> {
            if (text.isBlank()) {
                return;
            }
            total[0]++;
            JsonNode node = JsonValues.parse(text, name, line, problems);
            if (node == null) {
                return;
            }
            JsonNode id = node.get("id");
            if (id == null || !id.isTextual()) {
                problems.add(name, line, "a prediction needs a string 'id', found " + JsonValues.quote(String.valueOf(id)));
            } else if (exported.contains(id.textValue())) {
                kept.add(text + "\n");
            }
        });
        return kept;
    }

    private static Map<String, Object> summaryJson(QaDatasetInfo info, Summary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", "xhotpotqa");
        m.put("for", PEER);
        m.put("dataset", info.id());
        m.put("version", info.version());
        m.put("instances_read", s.read());
        m.put("records_written", s.written());
        Map<String, Object> left = new LinkedHashMap<>();
        left.put("count", s.leftOut());
        left.put("reason", "a question, answer or candidate language outside XHotpotQA's 24 codes " + XhotpotLanguages.CODES);
        left.put("by_language", s.leftOutByLanguage());
        m.put("left_out", left);
        m.put("source_split", s.splits());
        Map<String, Object> sidecar = new LinkedHashMap<>();
        sidecar.put("file", SIDECAR);
        sidecar.put("records", s.sidecar());
        m.put("sidecar", sidecar);
        Map<String, Object> p = new LinkedHashMap<>();
        s.predictions().forEach((k, v) -> {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("kept", v[0]);
            c.put("left_out", v[1]);
            p.put(k, c);
        });
        m.put("predictions", p);
        return m;
    }
}
