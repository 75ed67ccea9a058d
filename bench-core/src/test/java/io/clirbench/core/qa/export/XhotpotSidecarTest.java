package io.clirbench.core.qa.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.dataset.Problems;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sidecar beside a dataset in XHotpotQA's record form: read by id, bad lines named, the originals win a merge. */
class XhotpotSidecarTest {

    @TempDir
    Path tmp;

    @Test
    void readsLinesByIdAndNamesEveryBadLine() throws IOException {
        Files.writeString(tmp.resolve("clirbench-extra.jsonl"), """
                {"id": "a", "source_split": "dev"}

                [1]
                {"id": "a", "status": "accepted"}
                {"id": "b", "status": "quarantined"}
                """);
        Problems problems = new Problems();
        Map<String, Map<String, Object>> read = XhotpotSidecar.read(tmp, problems);
        assertThat(read.keySet()).containsExactly("a", "b");
        assertThat(read.get("a")).containsEntry("source_split", "dev");
        assertThat(problems.list()).extracting(Object::toString).containsExactly(
                "clirbench-extra.jsonl line 3: a sidecar line needs a JSON object with a string 'id', found '[1]'",
                "clirbench-extra.jsonl line 4: duplicate id 'a' (first on line 1)");
        assertThat(XhotpotSidecar.read(tmp.resolve("none"), new Problems())).isEmpty();
    }

    @Test
    void theGivenValuesWinAndProvenanceMergesKeyByKey() {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("id", "a");
        given.put("source_split", "dev");
        given.put("provenance", Map.of("builder", "b1"));
        Map<String, Object> found = new LinkedHashMap<>();
        found.put("id", "a");
        found.put("source_split", "validation"); // what an export with --split train would find in the record
        found.put("status", "accepted");
        found.put("provenance", Map.of("builder", "other", "seed", "x"));
        Map<String, Object> merged = XhotpotSidecar.merge(given, found);
        assertThat(merged).containsEntry("source_split", "dev").containsEntry("status", "accepted")
                .containsEntry("provenance", Map.of("builder", "b1", "seed", "x"));
        assertThat(List.copyOf(merged.keySet())).containsExactly("id", "source_split", "provenance", "status");
        assertThat(XhotpotSidecar.merge(null, null)).isNull();
        assertThat(XhotpotSidecar.merge(Map.of("id", "a"), null)).isNull(); // an id alone is nothing
        assertThat(XhotpotSidecar.merge(null, found)).isSameAs(found);
    }
}
