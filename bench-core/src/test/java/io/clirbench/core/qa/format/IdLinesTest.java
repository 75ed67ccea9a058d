package io.clirbench.core.qa.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link IdLines} against a {@code HashMap}'s putIfAbsent, through many growths, on ids that differ only at the end. */
class IdLinesTest {

    @Test
    void firstLinesAreThoseOfAMapThroughEveryGrowth() {
        IdLines ids = new IdLines();
        Map<String, Integer> expected = new HashMap<>();
        Random random = new Random(5);
        for (int line = 1; line <= 300_000; line++) {
            // a third repeat an earlier id; the rest are new, near each other (a shared stem, a counter), some not ASCII
            String id = line % 3 == 0 ? "q-" + random.nextInt(line) : (line % 7 == 0 ? "вопрос-" : "xqm-5726472bdd62a8-ar~") + line;
            Integer first = expected.putIfAbsent(id, line);
            assertThat(ids.putIfAbsent(id, line)).as(id).isEqualTo(first == null ? 0 : first);
        }
        assertThat(expected).hasSizeGreaterThan(200_000);
    }
}
