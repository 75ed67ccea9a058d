package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.format.trec.RunFormatException;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.testing.SmallHeapJvm;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproduction: a gzip of about 1.2 MB holding one line of 1.2 GB. Every reader stops
 * at {@link InputLimits#LINE_BYTES} and names the file and the line; a child JVM with a 48 MiB heap
 * (far less than the line) reads the dataset and the run without OutOfMemoryError, and refuses a
 * bootstrap of 2,147,483,647 resamples before allocating any.
 */
class HugeLineTest {

    private static final long HUGE = 1_200_000_000L;
    private static final String HEAP = "48m";

    @TempDir
    static Path tmp;
    static Path dataset;
    static Path qrels;
    static Path run;

    @BeforeAll
    static void writeInputs() throws IOException {
        dataset = Files.createDirectories(tmp.resolve("huge"));
        Files.writeString(dataset.resolve("dataset.json"),
                "{\"id\":\"huge\",\"name\":\"huge\",\"version\":\"1\",\"languages\":[\"en\"]}");
        // line 1 is fine, line 2 is 1.2 GB of one JSON string
        writeGzip(dataset.resolve("corpus.jsonl.gz"), "{\"_id\":\"d1\",\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}\n"
                + "{\"_id\":\"d2\",\"text\":\"", (byte) 'a');
        Files.writeString(dataset.resolve("queries.jsonl"), "{\"_id\":\"q1\",\"text\":\"a\",\"lang\":\"en\"}\n");
        Files.writeString(dataset.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
        qrels = Files.writeString(tmp.resolve("run.qrels"), "q1 0 d1 1\n");
        run = writeGzip(tmp.resolve("huge.run.gz"), "q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0 t\nq2 Q0 ", (byte) 'x');
    }

    @Test
    void theGzipIsSmallAndItsLineHuge() throws IOException {
        // the numbers: about 1.2 MB on disk for 1.2 GB inflated
        assertThat(Files.size(dataset.resolve("corpus.jsonl.gz"))).isLessThan(2_000_000);
        assertThat(Files.size(run)).isLessThan(2_000_000);
    }

    @Test
    void theDatasetReaderNamesFileAndLine() {
        assertThatThrownBy(() -> DatasetReader.read(dataset))
                .isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("corpus.jsonl.gz line 2: line is longer than 1048576 bytes");
    }

    @Test
    void theRunReaderNamesFileAndLine() {
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(qrels),
                new StandardMeasures(StandardMeasures.DEFAULT_NAMES), 1000);
        assertThatThrownBy(() -> evaluator.evaluate("huge", run, notice -> { }))
                .isInstanceOf(RunFormatException.class)
                .hasMessageContaining("huge.run.gz line 3: line is longer than 1048576 bytes");
    }

    @Test
    void aLineExactlyAtTheLimitStillReads() throws IOException {
        byte[] line = new byte[InputLimits.LINE_BYTES];
        Arrays.fill(line, (byte) 'b');
        Path file = Files.write(tmp.resolve("at-limit.txt"), line);
        Problems problems = new Problems();
        int[] lengths = new int[1];
        LineReader.forEachLine(file, problems, (n, text) -> lengths[0] = text.length());
        assertThat(problems.list()).isEmpty();
        assertThat(lengths[0]).isEqualTo(InputLimits.LINE_BYTES);
        Files.write(file, new byte[] {'b'}, java.nio.file.StandardOpenOption.APPEND);
        LineReader.forEachLine(file, problems, (n, text) -> { });
        assertThat(problems.list()).singleElement().hasToString(
                "at-limit.txt line 1: line is longer than 1048576 bytes (the line limit); the rest of the file is not read");
    }

    @Test
    void aSmallHeapReadsBothAndRefusesAHugeBootstrapWithoutRunningOutOfMemory() throws Exception {
        String output = SmallHeapJvm.run(HugeLineTest.class, HEAP, Duration.ofMinutes(5), tmp, dataset.toString(),
                qrels.toString(), run.toString());
        assertThat(output).contains("dataset: corpus.jsonl.gz line 2: line is longer than 1048576 bytes")
                .contains("run: huge.run.gz line 3: line is longer than 1048576 bytes")
                .contains("bootstrap: bootstrap B must be in 0..100000, got 2147483647");
    }

    /** Entry point of the child JVM: reads the dataset and evaluates the run, printing each error. */
    public static void main(String[] args) {
        try {
            DatasetReader.read(Path.of(args[0]));
            System.out.println("dataset: read (unexpected)");
        } catch (DatasetFormatException e) {
            System.out.println("dataset: " + e.getMessage());
        }
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(Path.of(args[1])),
                new StandardMeasures(StandardMeasures.DEFAULT_NAMES), 1000);
        try {
            evaluator.evaluate("huge", Path.of(args[2]), notice -> { });
            System.out.println("run: evaluated (unexpected)");
        } catch (RunFormatException e) {
            System.out.println("run: " + e.getMessage().substring(e.getMessage().lastIndexOf('/') + 1));
        }
        try {
            // the limit is checked before the dataset, the runs or any resample are looked at
            io.clirbench.core.eval.RetrievalEvaluation.evaluate(null, null, java.util.List.of(), 1000,
                    new io.clirbench.core.stats.Stats(Integer.MAX_VALUE, 42), l -> { });
            System.out.println("bootstrap: accepted (unexpected)");
        } catch (IllegalArgumentException e) {
            System.out.println("bootstrap: " + e.getMessage());
        }
    }

    /** {@code head}, then 1.2 GB of {@code fill} with no line end, gzipped. */
    private static Path writeGzip(Path file, String head, byte fill) throws IOException {
        byte[] block = new byte[1 << 20];
        Arrays.fill(block, fill);
        try (OutputStream out = new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16), 1 << 16)) {
            out.write(head.getBytes(StandardCharsets.UTF_8));
            for (long written = 0; written < HUGE; written += block.length) {
                out.write(block);
            }
        }
        return file;
    }
}
