package io.clirbench.eval.evaluation;

import io.clirbench.eval.retrieval.DatasetCache;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.core.testing.GzipBombs;
import io.clirbench.core.testing.SmallHeapJvm;
import io.clirbench.eval.config.EvalConfig;
import io.clirbench.proto.events.v1.RunStarted;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28 at the eval-service's dataset reader ({@link DatasetCache}, what a RunStarted's dataset_location is read
 * with), on real copies of the shipped xquad-clir directory: a 50 MB gzip of blank lines as {@code corpus.jsonl.gz} is
 * refused naming file, line and limit (in this JVM, and in a child JVM of 48 MiB heap: bounded memory), and a
 * {@code corpus.jsonl} that is a symbolic link to a file outside is refused without that file being read (finding 5).
 * The time limit is a hang guard (60 s), not a speed gate; the measured time is printed.
 */
class DatasetCacheHostileFilesTest {

    static final Path SHIPPED = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-clir");
    static final String BLANK = "corpus.jsonl.gz line 1001: more than 1000 blank lines in a row (the blank-line limit)";
    private static final FileTime LONG_AGO = FileTime.from(Instant.parse("1971-01-01T00:00:00Z"));

    @TempDir
    Path tmp;

    @Test
    void aFiftyMegabyteGzipOfBlankLinesIsRefusedNamingFileLineAndLimit() throws Exception {
        Path dir = withBomb(tmp);
        long start = System.nanoTime();
        Throwable thrown = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> catchThrowable(() -> cache().load(started(dir))));
        System.out.println("eval-service DatasetCache refused the 50 MB bomb in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        assertThat(thrown).isInstanceOf(DatasetCache.Refused.class).hasMessageContaining(BLANK);
    }

    @Test
    void theBombIsRefusedUnderA48MibHeap() throws Exception {
        Path dir = withBomb(tmp);
        String output = SmallHeapJvm.run(DatasetCacheHostileFilesTest.class, "48m", Duration.ofSeconds(60), tmp, dir.toString());
        assertThat(output).contains("refused: ").contains(BLANK);
    }

    @Test
    void aCorpusLinkedOutsideIsRefusedWithoutBeingRead() throws Exception {
        Path dir = copy(SHIPPED, tmp.resolve("linked"));
        String hash = DatasetHash.of(dir);
        Path outside = Files.writeString(Files.createTempDirectory("outside-").resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        Path twin = Files.writeString(outside.resolveSibling("twin"), "x\n");
        setBack(twin);
        try (InputStream in = Files.newInputStream(twin)) {
            in.read();
        }
        Assumptions.assumeTrue(!accessTime(twin).equals(LONG_AGO), "this file system does not record reads (noatime)");
        setBack(outside);
        Files.delete(dir.resolve("corpus.jsonl.gz"));
        Files.createSymbolicLink(dir.resolve("corpus.jsonl"), outside);

        Throwable thrown = catchThrowable(() -> cache().load(started(dir, hash)));
        assertThat(thrown).isInstanceOf(DatasetCache.Refused.class).hasMessageContaining("corpus.jsonl: a symbolic link")
                .hasMessageNotContaining("root:x:0");
        assertThat(accessTime(outside)).as("the link's target was read").isEqualTo(LONG_AGO);
    }

    /** Entry point of the child JVM: loads the dataset at args[0] through a DatasetCache, printing the refusal. */
    public static void main(String[] args) throws Exception {
        try {
            cache().load(started(Path.of(args[0])));
            System.out.println("read (unexpected)");
        } catch (DatasetCache.Refused e) {
            System.out.println("refused: " + e.getMessage());
        }
    }

    private static DatasetCache cache() {
        EvalConfig config = (EvalConfig) Proxy.newProxyInstance(EvalConfig.class.getClassLoader(), new Class<?>[] {EvalConfig.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "datasetCacheSize" -> 1;
                    case "toString" -> "EvalConfig[datasetCacheSize=1]";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return new DatasetCache(config);
    }

    /** The RunStarted of a run on {@code dir} naming the hash its files have (so the cache goes on to read them). */
    private static RunStarted started(Path dir) {
        return started(dir, DatasetHash.of(dir));
    }

    private static RunStarted started(Path dir, String hash) {
        return RunStarted.newBuilder().setRunId("hostile").setDatasetId("xquad-clir").setDatasetVersion("1.0")
                .setDatasetLocation(dir.toString()).setDatasetHash(hash).build();
    }

    private static Path withBomb(Path tmp) throws IOException {
        Path dir = copy(SHIPPED, tmp.resolve("bombed"));
        Files.delete(dir.resolve("corpus.jsonl.gz"));
        GzipBombs.ofCompressedSize(dir.resolve("corpus.jsonl.gz"), "", 50_000_000);
        return dir;
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    private static void setBack(Path file) throws IOException {
        Files.getFileAttributeView(file, BasicFileAttributeView.class).setTimes(null, LONG_AGO, null);
    }

    private static FileTime accessTime(Path file) throws IOException {
        return Files.readAttributes(file, BasicFileAttributes.class).lastAccessTime();
    }
}
