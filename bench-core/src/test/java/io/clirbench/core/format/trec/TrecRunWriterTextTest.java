package io.clirbench.core.format.trec;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.run.RankedList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-memory TREC text (the eval-service's export) is byte for byte what a run file holds. */
class TrecRunWriterTextTest {

    @Test
    void textEqualsTheFile(@TempDir Path dir) throws IOException {
        List<RankedList> lists = List.of(new RankedList("q1", new String[] {"d2", "d1"}, new double[] {2.5, 0.1}),
                new RankedList("q2", new String[] {"d9"}, new double[] {1e-7}));
        Path file = dir.resolve("run.trec");
        try (TrecRunWriter writer = new TrecRunWriter(file, "tag")) {
            lists.forEach(writer::write);
        }
        String text = TrecRunWriter.toText(lists, "tag");
        // written by hand: qid Q0 doc rank score tag, Double.toString scores
        assertThat(text).isEqualTo("q1 Q0 d2 1 2.5 tag\nq1 Q0 d1 2 0.1 tag\nq2 Q0 d9 1 1.0E-7 tag\n");
        assertThat(Files.readString(file)).isEqualTo(text);
    }
}
