package io.clirbench.cli.qa;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.qa.export.XhotpotDatasetWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench qa plus}: XHotpotQA+'s parallel views of a base written in XHotpotQA's layout (three English instances,
 * one with a Thai paragraph), against the peer's own {@code expand-plus} on the same input, byte for byte, and its loader.
 */
class QaPlusCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** XHotpotQA's 24 codes in its table order ({@code xhotpotqa/languages.py}), typed here, not taken from our code. */
    private static final List<String> PEER_CODES = List.of("en", "zh", "hi", "es", "ar", "fr", "bn", "pt", "ru", "ur", "id", "de", "ja",
            "tr", "vi", "sw", "ko", "fa", "it", "th", "nl", "pl", "el", "sv");

    @TempDir
    Path dir;
    Path base;

    @BeforeEach
    void writeBase() {
        List<QaInstance> instances = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<Candidate> candidates = List.of(
                    new Candidate("p0", "Title " + i, List.of("First of " + i + ".", "Second of " + i + "."), "en", null, null),
                    i == 1 ? new Candidate("p1", "ชื่อ", List.of("ประโยคแรก", "ประโยคที่สอง"), "th", "Name", List.of("First.", "Second."))
                            : new Candidate("p1", "Other " + i, List.of("Only one of " + i + "."), "en", null, null));
            Map<String, Object> provenance = new java.util.LinkedHashMap<>(Map.of("assignment_version", "sha256-hash-v1", "seed", 7,
                    "retry_count", 1, "decoding", Map.of("temperature", 0.0, "max_tokens", 1024)));
            if (i == 2) {
                provenance.put("builder", "test"); // no place in the peer's provenance: a sidecar line for x2
            }
            instances.add(new QaInstance("x" + i, "src-" + i, "validation", "bridge", "hard", "Which " + i + "?", "ans " + i, "en", "en",
                    candidates, List.of(new SupportingFact("p0", 1, "bridge"), new SupportingFact("p1", 0, "answer")), null, provenance));
        }
        base = dir.resolve("base");
        XhotpotDatasetWriter.write(new QaDatasetInfo("base", "base", "1", "CC0", "test", List.of()), instances, "test", base);
    }

    /** The translation map: question "Q[lang] i?" and answer "A[lang] i" (Unicode for two languages), every source, every language. */
    private Path map(Path file, List<String> languages) throws Exception {
        ObjectNode root = JSON.createObjectNode();
        for (int i = 0; i < 3; i++) {
            ObjectNode set = root.putObject("src-" + i);
            for (String l : languages) {
                String q = switch (l) {
                    case "zh" -> "哪个 " + i + "？";
                    case "ar" -> "أي " + i + "؟";
                    default -> "Q[" + l + "] " + i + "?";
                };
                set.putObject(l).put("question", q).put("answer", "A[" + l + "] " + i);
            }
        }
        if (file.getFileName().toString().endsWith(".jsonl")) {
            StringBuilder lines = new StringBuilder();
            root.properties().forEach(e -> lines.append(JSON.createObjectNode().put("source_id", e.getKey()).<ObjectNode>set("translations", e.getValue()).toString())
                    .append('\n'));
            Files.writeString(file, lines.toString());
        } else {
            Files.writeString(file, root.toString());
        }
        return file;
    }

    @Test
    void everyRecordBecomesOneViewPerLanguageByteForByteAsThePeerExpandsIt() throws Exception {
        Path map = map(dir.resolve("qa.json"), PEER_CODES);
        Path out = dir.resolve("plus");
        BenchRun run = BenchRun.of("qa", "plus", "--dataset", base.toString(), "--qa-translations", map.toString(), "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        // 3 base records x 24 languages = 72 views
        List<String> lines = Files.readAllLines(out.resolve("instances.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(72);
        assertThat(run.out()).contains("72 views of 3 base records (24 languages each)");
        JsonNode report = JSON.readTree(out.resolve("plus-report.json").toFile());
        assertThat(report.get("base_records").asInt()).isEqualTo(3);
        assertThat(report.get("variants").asInt()).isEqualTo(72);
        List<String> baseLines = Files.readAllLines(base.resolve("instances.jsonl"), StandardCharsets.UTF_8);
        for (int n = 0; n < 72; n++) {
            JsonNode v = JSON.readTree(lines.get(n));
            JsonNode b = JSON.readTree(baseLines.get(n / 24));
            String l = PEER_CODES.get(n % 24);
            assertThat(v.get("id").asText()).isEqualTo("x" + (n / 24) + "--qa-" + l);
            assertThat(v.get("question_language").asText()).isEqualTo(l);
            assertThat(v.get("answer_language").asText()).isEqualTo(l);
            assertThat(v.get("answer").asText()).isEqualTo("A[" + l + "] " + (n / 24));
            // the evidence payload is the base's
            for (String field : List.of("source_id", "source_split", "candidates", "supporting_facts", "question_type", "difficulty",
                    "provenance")) {
                assertThat(v.get(field)).as(field).isEqualTo(b.get(field));
            }
            assertThat(v.get("checksum").asText()).isNotEqualTo(b.get("checksum").asText());
        }
        // x2's sidecar line, once per view: 24 lines, ids x2--qa-en ... x2--qa-sv
        List<String> sidecar = Files.readAllLines(out.resolve("clirbench-extra.jsonl"));
        assertThat(sidecar).hasSize(24);
        assertThat(JSON.readTree(sidecar.get(0)).get("id").asText()).isEqualTo("x2--qa-en");
        assertThat(JSON.readTree(sidecar.get(23)).at("/provenance/builder").asText()).isEqualTo("test");
        // the peer's loader and validate_instances read every view; the peer's expand-plus writes the same bytes
        QaExportCommandTest.requirePeer();
        QaExportCommandTest.assertLoads(out, 72);
        Path peer = dir.resolve("peer-plus.jsonl");
        QaExportCommandTest.python("-m", "xhotpotqa", "expand-plus", "--base", base.resolve("instances.jsonl").toString(),
                "--translations", map.toString(), "--output", peer.toString(), "--split", "validation");
        assertThat(Files.readAllBytes(out.resolve("instances.jsonl"))).isEqualTo(Files.readAllBytes(peer));
        // and the JSON-lines form of the map gives the same views
        Path out2 = dir.resolve("plus2");
        BenchRun run2 = BenchRun.of("qa", "plus", "--dataset", base.toString(), "--qa-translations",
                map(dir.resolve("qa.jsonl"), PEER_CODES).toString(), "--out", out2.toString());
        assertThat(run2.code()).as(run2.err()).isZero();
        assertThat(Files.readAllBytes(out2.resolve("instances.jsonl"))).isEqualTo(Files.readAllBytes(peer));
        // our reader (bench qa eval's) reads the views as a dataset
        assertThat(io.clirbench.core.qa.format.QaDatasetReader.readAll(out)).hasSize(72);
    }

    @Test
    void aMapThatLacksALanguageOrASourceIsRefusedNamingThemAndNothingIsWritten() throws Exception {
        List<String> without = new ArrayList<>(PEER_CODES);
        without.remove("sw");
        without.add("ro");
        Path map = map(dir.resolve("qa.json"), without);
        Path out = dir.resolve("plus");
        BenchRun run = BenchRun.of("qa", "plus", "--dataset", base.toString(), "--qa-translations", map.toString(), "--out", out.toString());
        assertThat(run.code()).isNotZero();
        assertThat(run.err()).contains("qa.json: source 'src-0': must contain exactly 24 languages; missing=[sw], extra=[ro]")
                .contains("source 'src-2'");
        assertThat(out.resolve("instances.jsonl")).doesNotExist();

        Path jsonl = map(dir.resolve("qa.jsonl"), PEER_CODES);
        List<String> rows = new ArrayList<>(Files.readAllLines(jsonl));
        rows.remove(1); // src-1 has no translations
        Files.write(jsonl, rows);
        BenchRun missing = BenchRun.of("qa", "plus", "--dataset", base.toString(), "--qa-translations", jsonl.toString(), "--out",
                out.toString());
        assertThat(missing.code()).isNotZero();
        assertThat(missing.err()).contains("instances.jsonl line 2: no translations for source_id 'src-1'");
        assertThat(out.resolve("instances.jsonl")).doesNotExist();

        // a base edited after it was written (its checksum no longer matches) is refused, as the peer refuses it
        Path edited = base.resolve("instances.jsonl");
        Files.writeString(edited, Files.readString(edited).replace("Which 0?", "Which zero?"));
        BenchRun tampered = BenchRun.of("qa", "plus", "--dataset", base.toString(), "--qa-translations",
                map(dir.resolve("full.json"), PEER_CODES).toString(), "--out", out.toString());
        assertThat(tampered.code()).isNotZero();
        assertThat(tampered.err()).contains("instances.jsonl line 1: base record 'x0' has a missing or invalid checksum");
        assertThat(out.resolve("instances.jsonl")).doesNotExist();
    }
}
