package io.clirbench.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * The QA workload that both {@code bench qa eval} and XHotpotQA v0.4.0 read: the records of {@code datasets/xquad-mix}
 * made loadable by the peer's loader ({@code XHotpotInstance.from_dict(record).validate()}, see the notes in
 * {@code ../shared/tools/README.md}), repeated with new ids, and the shipped lexical-overlap predictions repeated with
 * them. Fixed up per record: {@code source_split} becomes {@code validation} (the peer accepts {@code train} and
 * {@code validation} only), a null {@code difficulty} becomes {@code unknown} (the peer's default; it wants a string),
 * {@code provenance} keeps only the fields of the peer's {@code Provenance}; a record with a language outside the
 * peer's 24-code table (xquad-mix's {@code ro}) is left out: 950 of the 1,152 records remain, so the sizes are
 * multiples of 950 (6,650 = 7 copies). Copy {@code k} of record {@code id} is {@code id~k} (source id {@code source_id~k}),
 * so every copy is its own bootstrap cluster. Files: {@code DIR/dataset.json}, {@code DIR/instances.jsonl} (plain: the
 * peer reads no gzip) and {@code DIR/lexical-overlap.jsonl}; reused when a {@code .done} marker for that size exists.
 */
final class PeerQaData {

    /** XHotpotQA v0.4.0 {@code xhotpotqa.languages}: its 24 codes. */
    static final Set<String> PEER_LANGUAGES = Set.of("ar", "bn", "de", "el", "en", "es", "fa", "fr", "hi", "id", "it", "ja", "ko", "nl",
            "pl", "pt", "ru", "sv", "sw", "th", "tr", "ur", "vi", "zh");
    /** The fields of XHotpotQA v0.4.0's {@code Provenance} dataclass. */
    static final Set<String> PEER_PROVENANCE = Set.of("schema_version", "source_dataset", "source_license", "assignment_version",
            "assignment_manifest_sha256", "seed", "translation_model", "translation_revision", "prompt_version", "prompt_hash",
            "retry_count", "created_at", "validation_status", "decoding");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The files of one size. */
    record Files3(Path dir, Path instances, Path predictions, int count) {
    }

    private PeerQaData() {
    }

    /** Writes (or reuses) {@code copies} copies of the peer-loadable records under {@code root/n<count>}. */
    static Files3 create(Path source, Path root, int copies) throws IOException {
        List<String[]> records = new ArrayList<>(); // per record: id, source_id, the rest of the line after them
        Map<String, String> predictionRest = new LinkedHashMap<>();
        Set<String> languages = new TreeSet<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(source.resolve("instances.jsonl.gz"))), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.isBlank()) {
                    continue;
                }
                ObjectNode r = (ObjectNode) JSON.readTree(line);
                Set<String> used = new TreeSet<>();
                used.add(r.path("question_language").asText());
                used.add(r.path("answer_language").asText());
                r.path("candidates").forEach(c -> used.add(c.path("language").asText()));
                if (!PEER_LANGUAGES.containsAll(used)) {
                    continue;
                }
                languages.addAll(used);
                r.put("source_split", "validation");
                if (r.path("difficulty").isNull() || r.path("difficulty").isMissingNode()) {
                    r.put("difficulty", "unknown");
                }
                if (r.get("provenance") instanceof ObjectNode p) {
                    p.retain(PEER_PROVENANCE);
                }
                String id = r.remove("id").asText();
                String sourceId = r.remove("source_id").asText();
                String rest = JSON.writeValueAsString(r);
                records.add(new String[] {id, sourceId, rest.substring(1)}); // "...}" without its "{"
            }
        }
        for (String line : Files.readAllLines(source.resolve("predictions").resolve("lexical-overlap.jsonl"))) {
            if (!line.isBlank()) {
                ObjectNode p = (ObjectNode) JSON.readTree(line);
                String id = p.remove("id").asText();
                predictionRest.put(id, JSON.writeValueAsString(p).substring(1));
            }
        }
        int count = records.size() * copies;
        Path dir = root.resolve("n" + count);
        Path instances = dir.resolve("instances.jsonl");
        Path predictions = dir.resolve("lexical-overlap.jsonl");
        Path done = dir.resolve(".done");
        if (Files.exists(done)) {
            return new Files3(dir, instances, predictions, count);
        }
        Files.createDirectories(dir);
        try (BufferedWriter gold = Files.newBufferedWriter(instances, StandardCharsets.UTF_8);
             BufferedWriter pred = Files.newBufferedWriter(predictions, StandardCharsets.UTF_8)) {
            for (int k = 0; k < copies; k++) {
                for (String[] r : records) {
                    String id = r[0] + "~" + k;
                    String quotedId = JSON.writeValueAsString(id);
                    gold.write("{\"id\":" + quotedId + ",\"source_id\":" + JSON.writeValueAsString(r[1] + "~" + k)
                            + (r[2].equals("}") ? "}" : "," + r[2]));
                    gold.write('\n');
                    String p = predictionRest.get(r[0]);
                    if (p != null) {
                        pred.write("{\"id\":" + quotedId + (p.equals("}") ? "}" : "," + p));
                        pred.write('\n');
                    }
                }
            }
        }
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("id", "xquad-mix-peer-" + count);
        info.put("kind", "qa");
        info.put("name", "xquad-mix, peer-loadable records, " + copies + " copies with new ids (PeerQaData)");
        info.put("languages", List.copyOf(languages));
        Files.writeString(dir.resolve("dataset.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(info) + "\n");
        Files.writeString(done, "");
        return new Files3(dir, instances, predictions, count);
    }

}
