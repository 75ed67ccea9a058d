package io.clirbench.core.qa.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JSON Lines prediction file read into the compact table: the usual lines (read without a tree) and the others (read
 * with one) give the values the reader always gave, in file order, looked up by id whatever the id's characters; a
 * repeated id is still the error naming both lines.
 */
class PredictionTableTest {

    @TempDir
    Path dir;

    @Test
    void usualAndUnusualLinesGiveTheSameKindOfValues() throws IOException {
        Path f = Files.writeString(dir.resolve("p.jsonl"), String.join("\n",
                "{\"id\":\"a\",\"answer\":\"x\",\"supporting_facts\":[{\"paragraph_id\":\"p0\",\"sentence_id\":1},{\"paragraph_id\":\"p0\",\"sentence_id\":1}]}",
                "{\"supporting_facts\":[{\"sentence_id\":2,\"paragraph_id\":\"p1\",\"role\":\"bridge\"}],\"extra\":{\"k\":[1,2]},\"id\":\"b\"}",
                "{\"id\":\"c\",\"answer\":\"\",\"supporting_facts\":null}",
                "{\"id\":\"d\",\"answer\":12,\"supporting_facts\":[]}",
                "{\"id\":\"e\",\"answer\":null}",
                "{\"id\":\"f\",\"answer\":true,\"supporting_facts\":[{\"paragraph_id\":\"p2\",\"sentence_id\":0,\"role\":null}]}",
                "  ",
                "{\"id\":\"\u0e01\u4e2d-\u00e9\",\"answer\":\"\u00fc\"}",
                ""));
        Map<String, QaPrediction> byId = PredictionReader.read(f).byId();
        assertThat(new ArrayList<>(byId.keySet())).containsExactly("a", "b", "c", "d", "e", "f", "\u0e01\u4e2d-\u00e9");
        assertThat(byId.get("a")).isEqualTo(new QaPrediction("a", "x", Set.of(new FactKey("p0", 1)), false));
        assertThat(byId.get("b")).isEqualTo(new QaPrediction("b", null, Set.of(new FactKey("p1", 2)), false));
        assertThat(byId.get("c")).isEqualTo(new QaPrediction("c", "", null, false));
        assertThat(byId.get("d")).isEqualTo(new QaPrediction("d", "12", Set.of(), false));
        assertThat(byId.get("e")).isEqualTo(new QaPrediction("e", "None", null, false));
        assertThat(byId.get("f")).isEqualTo(new QaPrediction("f", "True", Set.of(new FactKey("p2", 0)), false));
        assertThat(byId.get("\u0e01\u4e2d-\u00e9").answer()).isEqualTo("\u00fc");
        assertThat(byId.get("g")).isNull();
        assertThat(byId.containsKey("a")).isTrue();
        assertThat(byId.containsKey("\u0e01")).isFalse();
        assertThat(byId).hasSize(7);
    }

    @Test
    void manyIdsAreFoundAfterTheTableGrows() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            lines.add("{\"id\":\"q" + i + "\",\"answer\":\"a" + (i % 7) + "\",\"supporting_facts\":[{\"paragraph_id\":\"p" + (i % 13)
                    + "\",\"sentence_id\":" + (i % 3) + "}]}");
        }
        Path f = Files.write(dir.resolve("many.jsonl"), lines);
        Map<String, QaPrediction> byId = PredictionReader.read(f).byId();
        assertThat(byId).hasSize(5_000);
        for (int i = 0; i < 5_000; i++) {
            assertThat(byId.get("q" + i)).isEqualTo(new QaPrediction("q" + i, "a" + (i % 7), Set.of(new FactKey("p" + (i % 13), i % 3)), false));
        }
        // out of file order, and ids it does not hold, between hits (the look-up tries the line after the last hit first)
        java.util.Random random = new java.util.Random(3);
        for (int k = 0; k < 5_000; k++) {
            int i = random.nextInt(5_000);
            assertThat(byId.get("q" + i).answer()).isEqualTo("a" + (i % 7));
            assertThat(byId.get("q" + (i + 5_000))).isNull();
            assertThat(byId.containsKey("q" + ((i + 1) % 5_000))).isTrue();
        }
    }

    @Test
    void aRepeatedIdNamesBothLinesOnEitherPath() throws IOException {
        Path f = Files.writeString(dir.resolve("dup.jsonl"), """
                {"id":"a","answer":"x"}
                {"id":"b","answer":"y"}
                {"id":"a","answer":3}
                {"id":"b","answer":"z"}
                """);
        assertThatThrownBy(() -> PredictionReader.read(f)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("dup.jsonl line 3: duplicate prediction id 'a' (first on line 1)")
                .hasMessageContaining("dup.jsonl line 4: duplicate prediction id 'b' (first on line 2)");
    }
}
