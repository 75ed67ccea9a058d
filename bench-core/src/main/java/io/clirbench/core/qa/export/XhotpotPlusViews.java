package io.clirbench.core.qa.export;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.QaDatasetInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * XHotpotQA+'s parallel views ({@code xhotpotqa/data/plus.py}, {@code expand_instances}): each canonical record of a
 * dataset in XHotpotQA's layout becomes one view per QA language, in the peer's language order
 * ({@link XhotpotLanguages#CODES}, all 24, as the peer requires): id {@code BASE_ID--qa-LANGUAGE}, question and answer
 * from a translation map keyed by source id then language, {@code question_language} and {@code answer_language} the
 * view's language, everything else (candidates, supporting facts, types, provenance) kept as it is, and the checksum
 * recomputed ({@link XhotpotRecord#checksum}). The map is the peer's {@code load_qa_translations} input: a JSON object
 * {@code {source_id: {language: {"question", "answer"}}}}, or JSON lines {@code {"source_id", "translations": {...}}}
 * (a {@code .jsonl} name). As in the peer, a base with a missing or wrong checksum, a repeated id or source id, a source
 * without translations, a translation set that is not exactly the 24 languages, an empty question or answer, and a
 * translated source that no base has are refused, every problem named (file, line or source and language), and nothing is
 * written. The output is {@code OUT/instances.jsonl} (the peer's {@code write_plus_instances} bytes),
 * {@code OUT/dataset.json} (so that {@code bench qa eval} reads it), the base's sidecar lines repeated per view, and
 * {@code OUT/plus-report.json}.
 */
public final class XhotpotPlusViews {

    public static final String REPORT = "plus-report.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {
    };

    /**
     * What was written.
     *
     * @param baseRecords          base records read
     * @param views                views written (base records × languages)
     * @param languagesPerInstance views per base record
     * @param sidecar              sidecar lines written
     */
    public record Summary(int baseRecords, int views, int languagesPerInstance, int sidecar) {
    }

    /** One question-answer translation. */
    public record QaTranslation(String question, String answer) {
    }

    private XhotpotPlusViews() {
    }

    /** The peer's {@code variant_id}. */
    public static String variantId(String baseId, String language) {
        return baseId + "--qa-" + language;
    }

    /** Expands {@code base} (a dataset directory in XHotpotQA's layout) with the translations of {@code map} into {@code out}. */
    public static Summary write(Path base, Path map, Path out) {
        Problems problems = new Problems();
        Map<String, Map<String, QaTranslation>> translations = readTranslations(map, problems);
        Path file = base.resolve(XhotpotExport.INSTANCES);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(base + " has no " + XhotpotExport.INSTANCES + " (a dataset in XHotpotQA's layout, as "
                    + "bench build qa-translate or bench qa export write it)");
        }
        Set<String> languages = new TreeSet<>(XhotpotLanguages.CODES);
        Set<String> used = new HashSet<>();
        int bases = checkBases(file, translations, problems, used, languages);
        for (String source : new TreeSet<>(translations.keySet())) {
            if (!used.contains(source)) {
                problems.add(map.getFileName().toString(), "source " + JsonValues.quote(source) + " has translations but no base record");
            }
        }
        Map<String, Map<String, Object>> sidecar = XhotpotSidecar.read(base, problems);
        problems.throwIfAny();

        // pass 2: stream the views (a release split is 15,661 x 24 records: nothing is held but one base at a time)
        int[] counts = new int[2]; // views, sidecar lines
        try {
            Files.createDirectories(out);
            QaDatasetInfo info = info(base);
            QaDatasetWriter.writeInfo(new QaDatasetInfo(info.id() + "-plus", info.name() + " (XHotpotQA+ views)", info.version(),
                    info.license(), "XHotpotQA+ views of " + base.getFileName() + " with " + map.getFileName(),
                    new ArrayList<>(languages)), out);
            QaDatasetWriter.atomically(out.resolve(XhotpotExport.INSTANCES), os -> forEachBase(file, b -> {
                Map<String, QaTranslation> set = translations.get((String) b.get("source_id"));
                for (String language : XhotpotLanguages.CODES) {
                    QaTranslation t = set.get(language);
                    Map<String, Object> v = new LinkedHashMap<>(b);
                    v.put("id", variantId((String) b.get("id"), language));
                    v.put("question", t.question());
                    v.put("answer", t.answer());
                    v.put("question_language", language);
                    v.put("answer_language", language);
                    v.put("checksum", "");
                    v.put("checksum", XhotpotRecord.checksum(v));
                    os.write((PythonJson.dumps(v) + "\n").getBytes(StandardCharsets.UTF_8));
                    counts[0]++;
                }
            }));
            Files.deleteIfExists(out.resolve(XhotpotExport.INSTANCES + ".gz"));
            Path side = out.resolve(XhotpotExport.SIDECAR);
            if (!sidecar.isEmpty()) {
                QaDatasetWriter.atomically(side, os -> forEachBase(file, b -> {
                    Map<String, Object> extra = sidecar.get((String) b.get("id"));
                    for (String language : extra == null ? List.<String>of() : XhotpotLanguages.CODES) {
                        Map<String, Object> line = new LinkedHashMap<>(extra);
                        line.put("id", variantId((String) b.get("id"), language));
                        os.write((PythonJson.dumps(line) + "\n").getBytes(StandardCharsets.UTF_8));
                        counts[1]++;
                    }
                }));
            } else {
                Files.deleteIfExists(side);
            }
            Summary summary = new Summary(bases, counts[0], XhotpotLanguages.CODES.size(), counts[1]);
            if (summary.views() != bases * summary.languagesPerInstance()) {
                throw new IllegalStateException(base + " changed during the expansion: " + summary.views() + " views of " + bases + " bases");
            }
            Map<String, Object> report = new LinkedHashMap<>();
            report.put("base_records", summary.baseRecords());
            report.put("variants", summary.views());
            report.put("languages_per_instance", summary.languagesPerInstance());
            report.put("languages", XhotpotLanguages.CODES);
            report.put("base", base.toString());
            report.put("translations", map.toString());
            report.put("for", XhotpotExport.PEER);
            byte[] json = (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(report) + "\n").getBytes(StandardCharsets.UTF_8);
            QaDatasetWriter.atomically(out.resolve(REPORT), os -> os.write(json));
            return summary;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    private interface BaseConsumer {
        void accept(Map<String, Object> base) throws IOException;
    }

    /** Each base record of {@code file} (already checked by {@link #checkBases}), in order. */
    private static void forEachBase(Path file, BaseConsumer consumer) throws IOException {
        Problems problems = new Problems();
        IOException[] failure = {null};
        JsonValues.forEachJsonLine(file, XhotpotExport.INSTANCES, problems, (line, text, node) -> {
            if (failure[0] == null) {
                try {
                    consumer.accept(JSON.convertValue(node, MAP));
                } catch (IOException e) {
                    failure[0] = e;
                }
            }
        });
        problems.throwIfAny();
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    private static QaDatasetInfo info(Path base) {
        try {
            return QaDatasetReader.open(base).info();
        } catch (RuntimeException e) {
            String name = base.toAbsolutePath().normalize().getFileName().toString();
            return new QaDatasetInfo(name, name, "1", "see the base dataset's licence", "", List.of());
        }
    }

    /** Pass 1: checks every base as the peer does; the number of bases, their source ids and candidate languages. */
    private static int checkBases(Path file, Map<String, Map<String, QaTranslation>> translations, Problems problems,
                                  Set<String> sourceIds, Set<String> languages) {
        String name = XhotpotExport.INSTANCES;
        int[] count = {0};
        Map<String, Integer> ids = new LinkedHashMap<>();
        Map<String, Integer> sources = new LinkedHashMap<>();
        JsonValues.forEachJsonLine(file, name, problems, (line, text, node) -> {
            if (!node.isObject()) {
                problems.add(name, line, "a record must be a JSON object");
                return;
            }
            Map<String, Object> r = JSON.convertValue(node, MAP);
            Object id = r.get("id");
            Object source = r.get("source_id");
            if (!(id instanceof String i) || i.isEmpty() || !(source instanceof String s) || s.isEmpty()
                    || !(r.get("candidates") instanceof List<?>) || !(r.get("provenance") instanceof Map<?, ?>)) {
                problems.add(name, line, "not an XHotpotQA record (a non-empty 'id' and 'source_id', 'candidates' and 'provenance' are "
                        + "required)");
                return;
            }
            if (!(r.get("checksum") instanceof String c) || !c.equals(XhotpotRecord.checksum(r))) {
                problems.add(name, line, "base record " + JsonValues.quote(i) + " has a missing or invalid checksum");
            }
            if (ids.putIfAbsent(i, line) != null) {
                problems.add(name, line, "duplicate base id " + JsonValues.quote(i) + " (first on line " + ids.get(i) + ")");
            }
            if (sources.putIfAbsent(s, line) != null) {
                problems.add(name, line, "duplicate base source_id " + JsonValues.quote(s) + " (first on line " + sources.get(s) + ")");
            }
            if (!translations.containsKey(s)) {
                problems.add(name, line, "no translations for source_id " + JsonValues.quote(s));
            }
            count[0]++;
            sourceIds.add(s);
            for (Object c : (List<?>) r.get("candidates")) {
                String language = c instanceof Map<?, ?> m && m.get("language") instanceof String l ? l : null;
                if (!XhotpotLanguages.supports(language)) {
                    problems.add(name, line, "base record " + JsonValues.quote(i) + ": candidate language " + JsonValues.quote(
                            String.valueOf(language)) + " is not one of XHotpotQA's 24 codes");
                } else {
                    languages.add(language);
                }
            }
        });
        return count[0];
    }

    /**
     * The peer's {@code load_qa_translations}: by source id, by language. Problems name the file and the line (JSON
     * lines) or the source and language.
     */
    public static Map<String, Map<String, QaTranslation>> readTranslations(Path file, Problems problems) {
        String name = file.getFileName().toString();
        Map<String, Map<String, QaTranslation>> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--qa-translations: " + file + " is not a file");
        }
        if (name.toLowerCase(java.util.Locale.ROOT).endsWith(".jsonl")) {
            JsonValues.forEachJsonLine(file, name, problems, (line, text, node) -> {
                String where = "line " + line + ": ";
                Set<String> fields = new TreeSet<>();
                node.fieldNames().forEachRemaining(fields::add);
                fields.removeAll(Set.of("source_id", "translations"));
                JsonNode source = node.get("source_id");
                if (!node.isObject() || !fields.isEmpty()) {
                    problems.add(name, line, "a line must be {\"source_id\", \"translations\"}, found extra field(s) " + fields);
                } else if (source == null || !source.isTextual() || source.asText().isEmpty()) {
                    problems.add(name, line, "expected a non-empty source_id");
                } else if (out.containsKey(source.asText())) {
                    problems.add(name, line, "duplicate translation source ID " + JsonValues.quote(source.asText()));
                } else {
                    out.put(source.asText(), set(source.asText(), node.get("translations"), name, where, problems));
                }
            });
            return out;
        }
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": invalid JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            problems.add(name, "expected a JSON object {source_id: {language: {question, answer}}}");
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().isEmpty()) {
                problems.add(name, "the mapping contains an empty source ID");
                continue;
            }
            out.put(e.getKey(), set(e.getKey(), e.getValue(), name, "", problems));
        }
        return out;
    }

    private static Map<String, QaTranslation> set(String source, JsonNode node, String file, String where, Problems problems) {
        Map<String, QaTranslation> out = new LinkedHashMap<>();
        String at = where + "source " + JsonValues.quote(source);
        if (node == null || !node.isObject()) {
            problems.add(file, at + ": expected a JSON object {language: {question, answer}}");
            return out;
        }
        Set<String> missing = new TreeSet<>(XhotpotLanguages.CODES);
        Set<String> extra = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String language = e.getKey();
            if (!missing.remove(language)) {
                extra.add(language);
                continue;
            }
            JsonNode t = e.getValue();
            String lat = at + ", language " + JsonValues.quote(language);
            Set<String> fields = new TreeSet<>();
            if (t != null) {
                t.fieldNames().forEachRemaining(fields::add);
            }
            fields.removeAll(Set.of("question", "answer"));
            if (t == null || !t.isObject() || !fields.isEmpty() || !t.path("question").isTextual() || !t.path("answer").isTextual()) {
                problems.add(file, lat + ": requires an object with string question and answer fields only");
            } else if (t.get("question").asText().isBlank() || t.get("answer").asText().isBlank()) {
                problems.add(file, lat + ": has an empty question or answer");
            } else {
                out.put(language, new QaTranslation(t.get("question").asText(), t.get("answer").asText()));
            }
        }
        if (!missing.isEmpty() || !extra.isEmpty()) {
            problems.add(file, at + ": must contain exactly " + XhotpotLanguages.CODES.size() + " languages; missing=" + missing
                    + ", extra=" + extra);
        }
        return out;
    }
}
