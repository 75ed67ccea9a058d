package io.clirbench.core.format.trec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** IdTable against a HashMap (the first value of a repeated id wins), small and large (corpus-sized) tables. */
class IdTableTest {

    @Test
    void findsEveryIdWithItsValueAndNoOther() {
        Random random = new Random(19);
        for (int n : new int[] {0, 1, 3, 100, 4096, 4097, 30_000}) {
            List<String> ids = new ArrayList<>();
            Map<String, Integer> expected = new HashMap<>();
            for (int i = 0; i < n; i++) {
                // short and long ids, some repeated
                String id = random.nextInt(10) == 0 && !ids.isEmpty() ? ids.get(random.nextInt(ids.size()))
                        : "doc" + random.nextInt(1_000_000) + (random.nextBoolean() ? "" : "-a-long-suffix-" + i);
                ids.add(id);
                expected.putIfAbsent(id, i);
            }
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                values[i] = i;
            }
            IdTable table = IdTable.of(ids.toArray(String[]::new), values);
            assertThat(table.size()).as("n %d", n).isEqualTo(expected.size());
            expected.forEach((id, value) -> {
                assertThat(table.get(id)).as(id).isEqualTo(value);
                byte[] padded = ("xx " + id + " yy").getBytes(StandardCharsets.US_ASCII); // found inside a larger buffer
                assertThat(table.get(padded, 3, 3 + id.length(), IdTable.hash(padded, 3, 3 + id.length()))).isEqualTo(value);
            });
            for (int i = 0; i < 2000; i++) {
                String absent = "doc" + random.nextInt(1_000_000) + "-absent";
                assertThat(table.get(absent)).as(absent).isEqualTo(IdTable.ABSENT);
            }
            assertThat(table.get("")).isEqualTo(expected.getOrDefault("", IdTable.ABSENT));
        }
    }
}
