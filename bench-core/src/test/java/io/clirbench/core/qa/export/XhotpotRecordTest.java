package io.clirbench.core.qa.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.importer.XhotpotHubImporter;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link XhotpotRecord} without Python: the peer's own records and checksums (qa-parity/xh-lang) come back unchanged. */
class XhotpotRecordTest {

    private static final Path PARITY = Path.of(System.getProperty("shared.data")).resolve("qa-parity");

    @Test
    void thePeersOwnRecordsImportedAndExportedKeepEveryFieldAndTheirStoredChecksum() throws IOException {
        // gold.jsonl was written and validated by XHotpotQA v0.4.0 itself, checksums included (qa-parity/README.md)
        List<String> lines = Files.readAllLines(PARITY.resolve("xh-lang/gold.jsonl"));
        List<QaInstance> instances = XhotpotHubImporter.read(PARITY.resolve("xh-lang/gold.jsonl")).instances();
        assertThat(instances).hasSameSizeAs(lines).hasSize(100);
        for (int i = 0; i < lines.size(); i++) {
            JsonNode original = QaJson.MAPPER.readTree(lines.get(i));
            XhotpotRecord r = XhotpotRecord.of(instances.get(i), null, m -> {
                throw new AssertionError(m);
            });
            assertThat(r.record().get("checksum")).as("line " + (i + 1)).isEqualTo(original.get("checksum").asText());
            assertThat(QaJson.MAPPER.readTree(r.line())).as("line " + (i + 1)).isEqualTo(original);
            assertThat(r.sidecar()).isNull();
        }
    }

    @Test
    void whatTheSchemaCannotHoldGoesToTheSidecarAndTheRecordTakesThePeersDefaults() {
        Map<String, Object> provenance = new LinkedHashMap<>();
        provenance.put("source_dataset", "google-deepmind/xquad");
        provenance.put("seed", 7L);
        provenance.put("builder", "b");
        provenance.put("retry_count", "three"); // not an int: the peer's field keeps its default, the value goes aside
        QaInstance i = new QaInstance("x1", "s1", "dev", null, null, "Q?", "A", "en", "en",
                List.of(new Candidate("p00", "T", List.of("s0", "s1"), "en", null, null)),
                List.of(new SupportingFact("p00", 1, null), new SupportingFact("p00", 0, "bridge")), "accepted", provenance);
        List<String> problems = new ArrayList<>();
        XhotpotRecord r = XhotpotRecord.of(i, null, problems::add);
        assertThat(problems).isEmpty();
        assertThat(r.record()).containsEntry("source_split", "validation").containsEntry("question_type", "unknown")
                .containsEntry("difficulty", "unknown");
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) r.record().get("provenance");
        assertThat(p).containsOnlyKeys("schema_version", "source_dataset", "source_license", "assignment_version",
                        "assignment_manifest_sha256", "seed", "translation_model", "translation_revision", "prompt_version", "prompt_hash",
                        "retry_count", "created_at", "validation_status", "decoding")
                .containsEntry("source_dataset", "google-deepmind/xquad").containsEntry("seed", 7L).containsEntry("retry_count", 0)
                .containsEntry("schema_version", "xhotpotqa-record-v2").containsEntry("validation_status", "accepted");
        assertThat(r.record().get("supporting_facts").toString()).contains("role=support", "role=bridge");
        assertThat(r.sidecar()).containsEntry("id", "x1").containsEntry("source_split", "dev").containsEntry("question_type", null)
                .containsEntry("difficulty", null).containsEntry("status", "accepted")
                .containsEntry("supporting_fact_roles", java.util.Arrays.asList(null, "bridge"))
                .containsEntry("provenance", Map.of("builder", "b", "retry_count", "three"));
    }
}
