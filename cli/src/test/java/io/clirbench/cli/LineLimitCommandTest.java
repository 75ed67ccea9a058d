package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench eval} applies bench-core's limits: a 2 MB line is named by file and line, B and depth have ranges. */
class LineLimitCommandTest {

    private static final String LONG = "x".repeat(2_000_000);

    @TempDir
    Path dir;

    @Test
    void aHugeLineInTheCorpusIsNamedByFileAndLine() throws IOException {
        Path dataset = dataset("{\"_id\":\"d2\",\"text\":\"" + LONG + "\",\"lang\":\"en\",\"family\":\"f2\"}\n");
        Path run = Files.writeString(dir.resolve("ok.trec"), "q1 Q0 d1 1 2.0 t\n");
        BenchRun result = BenchRun.of("eval", "--dataset", dataset.toString(), "--run", run.toString(), "--bootstrap", "0");
        assertThat(result.code()).isEqualTo(1);
        assertThat(result.err()).contains("corpus.jsonl line 2: line is longer than 1048576 bytes").doesNotContain(LONG.substring(0, 200));
    }

    @Test
    void aHugeLineInTheRunIsNamedByFileAndLine() throws IOException {
        Path qrels = Files.writeString(dir.resolve("q.qrels"), "q1 0 d1 1\n");
        Path run = Files.writeString(dir.resolve("huge.trec"), "q1 Q0 d1 1 2.0 t\nq1 Q0 " + LONG + " 2 1.0 t\n");
        BenchRun result = BenchRun.of("eval", "--qrels", qrels.toString(), "--run", run.toString());
        assertThat(result.code()).isEqualTo(1);
        assertThat(result.err()).contains("huge.trec line 2: line is longer than 1048576 bytes");
    }

    @Test
    void bootstrapAndDepthHaveRanges() throws IOException {
        Path qrels = Files.writeString(dir.resolve("q.qrels"), "q1 0 d1 1\n");
        Path run = Files.writeString(dir.resolve("ok.trec"), "q1 Q0 d1 1 2.0 t\n");
        BenchRun b = BenchRun.of("eval", "--qrels", qrels.toString(), "--run", run.toString(), "--bootstrap", "20000000");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).contains("--bootstrap must be in 0..100000, got 20000000");
        BenchRun d = BenchRun.of("eval", "--qrels", qrels.toString(), "--run", run.toString(), "--depth", "2147483647");
        assertThat(d.code()).isEqualTo(2);
        assertThat(d.err()).contains("--depth must be in 1..10000, got 2147483647");
    }

    private Path dataset(String secondDocument) throws IOException {
        Path d = Files.createDirectories(dir.resolve("ds"));
        Files.writeString(d.resolve("dataset.json"), "{\"id\":\"ds\",\"name\":\"ds\",\"version\":\"1\",\"languages\":[\"en\"]}");
        Files.writeString(d.resolve("corpus.jsonl"), "{\"_id\":\"d1\",\"text\":\"a\",\"lang\":\"en\",\"family\":\"f1\"}\n" + secondDocument);
        Files.writeString(d.resolve("queries.jsonl"), "{\"_id\":\"q1\",\"text\":\"a\",\"lang\":\"en\"}\n");
        Files.writeString(d.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
        return d;
    }
}
