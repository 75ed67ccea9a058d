package io.clirbench.core.qa.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.model.FactKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both prediction formats are told apart by content; duplicates are errors naming the line. */
class PredictionReaderTest {

    @TempDir
    Path dir;

    @Test
    void aOneLineJsonlFileIsNotMistakenForHotpotqa() throws IOException {
        Path f = Files.writeString(dir.resolve("p.json"), "{\"id\":\"a\",\"answer\":\"x\",\"supporting_facts\":[{\"paragraph_id\":\"p0\",\"sentence_id\":1}]}");
        PredictionReader.Predictions p = PredictionReader.read(f);
        assertThat(p.format()).isEqualTo(PredictionReader.Format.XHOTPOTQA_JSONL);
        assertThat(p.byId().get("a").support()).containsExactly(new FactKey("p0", 1));
    }

    @Test
    void aHotpotqaFileKeepsEachSideSeparatelyAndNamesFactsByTitle() throws IOException {
        Path f = Files.writeString(dir.resolve("p.jsonl"), """
                {"answer": {"a": "x", "b": "y"},
                 "sp": {"a": [["T", 0], ["T", 0], ["U", 2]], "c": []}}
                """);
        PredictionReader.Predictions p = PredictionReader.read(f);
        assertThat(p.format()).isEqualTo(PredictionReader.Format.HOTPOTQA_JSON);
        assertThat(p.byId()).containsOnlyKeys("a", "b", "c");
        assertThat(p.byId().get("a").support()).isEqualTo(Set.of(new FactKey("T", 0), new FactKey("U", 2))); // duplicates collapse
        assertThat(p.byId().get("b").support()).isNull();
        assertThat(p.byId().get("c").answer()).isNull();
        assertThat(p.byId().get("a").byTitle()).isTrue();
    }

    @Test
    void duplicateIdsAreErrorsNamingTheLineInBothFormats() throws IOException {
        Path jsonl = Files.writeString(dir.resolve("p.jsonl"), "{\"id\":\"a\",\"answer\":\"x\"}\n{\"id\":\"b\",\"answer\":\"x\"}\n{\"id\":\"a\",\"answer\":\"z\"}\n");
        assertThatThrownBy(() -> PredictionReader.read(jsonl)).isInstanceOf(DatasetFormatException.class)
                .hasMessage("p.jsonl line 3: duplicate prediction id 'a' (first on line 1)");
        Path hotpot = Files.writeString(dir.resolve("h.json"), "{\"answer\": {\n\"a\": \"x\",\n\"a\": \"y\"}, \"sp\": {}}");
        assertThatThrownBy(() -> PredictionReader.read(hotpot)).isInstanceOf(DatasetFormatException.class)
                .hasMessageStartingWith("h.json line 3: duplicate prediction id: Duplicate field 'a'");
    }

    @Test
    void badFactsAndAnswersAreNamed() throws IOException {
        Path jsonl = Files.writeString(dir.resolve("p.jsonl"),
                "{\"id\":\"a\",\"answer\":[1],\"supporting_facts\":[{\"paragraph_id\":\"p0\",\"sentence_id\":\"one\"}]}\n");
        assertThatThrownBy(() -> PredictionReader.read(jsonl)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("p.jsonl line 1: 'answer' must be a string, found '[1]'")
                .hasMessageContaining("p.jsonl line 1: supporting_facts[0]: 'sentence_id' must be a non-negative integer, found '\"one\"'");
    }
}
