package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.GzipBombs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: {@code bench eval}, {@code bench qa eval} and {@code bench agent eval} each refuse a
 * shipped dataset whose main file is replaced by a 50 MB gzip of blank lines (50 GB inflated),
 * naming the file, the line and the limit, within 2 seconds.
 */
class GzipBombCommandTest {

    static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    static final String BLANK = "line 1001: more than 1000 blank lines in a row (the blank-line limit)";

    @TempDir
    static Path tmp;
    static Path bomb;

    @BeforeAll
    static void writeBomb() throws IOException {
        bomb = GzipBombs.ofCompressedSize(tmp.resolve("blank.gz"), "", 50_000_000);
    }

    @Test
    void benchEvalRefusesABombedCorpus() throws IOException {
        Path dataset = copyWithBomb("datasets/xquad-clir", "corpus.jsonl.gz");
        refusedInTime("corpus.jsonl.gz " + BLANK, "eval", "--dataset", dataset.toString(),
                "--run", ROOT.resolve("runs/xquad-clir/random-seed42.trec.gz").toString(), "--bootstrap", "0");
    }

    @Test
    void benchQaEvalRefusesBombedInstances() throws IOException {
        Path dataset = copyWithBomb("datasets/xquad-mix", "instances.jsonl.gz");
        refusedInTime("instances.jsonl.gz " + BLANK, "qa", "eval", "--dataset", dataset.toString(),
                "--pred", ROOT.resolve("datasets/xquad-mix/predictions/oracle.jsonl").toString(), "--bootstrap", "0");
    }

    @Test
    void benchAgentEvalRefusesABombedCorpus() throws IOException {
        Path task = copyWithBomb("datasets/xquad-agentic", "corpus.jsonl.gz");
        refusedInTime("corpus.jsonl.gz " + BLANK, "agent", "eval", "--task", task.toString(),
                "--run", ROOT.resolve("runs/xquad-agentic/original").toString(), "--bootstrap", "0");
    }

    private static void refusedInTime(String message, String... args) {
        long start = System.nanoTime();
        BenchRun run = BenchRun.of(args);
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.println("bench " + args[0] + " refused the bomb in " + ms + " ms");
        assertThat(run.code()).as(run.err()).isNotZero();
        assertThat(run.err()).contains(message);
        // a hang guard, not a speed gate (never gate CI on absolute times): unbounded, the bomb takes minutes
        assertThat(ms).as("milliseconds to refuse").isLessThan(60_000);
    }

    /** A copy of the shipped directory with {@code file} replaced by the bomb. */
    private static Path copyWithBomb(String shipped, String file) throws IOException {
        Path from = ROOT.resolve(shipped);
        Path to = Files.createTempDirectory(tmp, "copy-");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        Files.copy(bomb, to.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return to;
    }
}
