package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Qrels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench eval --qrels FILE} reads the qrels ahead of the command line's parsing: the same judgments, or none. */
class QrelsPrefetchTest {

    @TempDir
    Path tmp;

    @Test
    void theQrelsNamedOnTheCommandLineAreReadAhead() throws IOException {
        Path file = Files.writeString(tmp.resolve("q.qrels"), "q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n");
        for (String[] args : new String[][] {
                {"eval", "--qrels", file.toString(), "--run", "r"},
                {"eval", "--run", "r", "--qrels=" + file}}) {
            QrelsPrefetch.start(args);
            Qrels qrels = QrelsPrefetch.take(file);
            assertThat(qrels).as(String.join(" ", args)).isNotNull();
            // the file's three lines, as written above
            assertThat(qrels.asMap()).isEqualTo(Map.of("q1", Map.of("d1", 1, "d2", 0), "q2", Map.of("d3", 2)));
            assertThat(QrelsPrefetch.take(file)).as("taken once").isNull();
        }
    }

    @Test
    void nothingIsReadAheadUnlessAnEvaluationNamesOneQrelsFile() throws IOException {
        Path file = Files.writeString(tmp.resolve("q.qrels"), "q1 0 d1 1\n");
        Path other = Files.writeString(tmp.resolve("other.qrels"), "q9 0 d9 1\n");
        for (String[] args : new String[][] {
                {"run", "--qrels", file.toString()},
                {"eval", "--help", "--qrels", file.toString()},
                {"eval", "--qrels", file.toString(), "--qrels", other.toString()},
                {"eval", "--qrels", tmp.resolve("missing").toString()},
                {"eval", "--qrels", tmp.toString()},
                {"eval", "--dataset", tmp.toString()}}) {
            QrelsPrefetch.start(args);
            assertThat(QrelsPrefetch.take(file)).as(String.join(" ", args)).isNull();
            assertThat(QrelsPrefetch.take(other)).as(String.join(" ", args)).isNull();
        }
        QrelsPrefetch.start(new String[] {"eval", "--qrels", file.toString()});
        assertThat(QrelsPrefetch.take(other)).as("another file than the one read").isNull();
        assertThat(QrelsPrefetch.take(file)).isNotNull();
    }

    @Test
    void aFileTheReaderRefusesIsLeftToTheCommandsOwnRead() throws IOException {
        Path bad = Files.writeString(tmp.resolve("bad.qrels"), "q1 0 d1\n"); // three columns
        QrelsPrefetch.start(new String[] {"eval", "--qrels", bad.toString()});
        assertThat(QrelsPrefetch.take(bad)).isNull();
    }
}
