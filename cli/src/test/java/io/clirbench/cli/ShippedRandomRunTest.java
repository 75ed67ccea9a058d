package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped chance-floor run is exactly what the README's documented command produces, so the
 * example can never drift from the generator (and the generator's output is a valid random ranking).
 */
class ShippedRandomRunTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path DATASET = ROOT.resolve("datasets/xquad-clir");
    private static final Path SHIPPED = ROOT.resolve("runs/xquad-clir/random-seed42.trec.gz");

    @TempDir
    Path dir;

    @Test
    void theDocumentedCommandRegeneratesTheShippedRun() throws IOException {
        Path regenerated = dir.resolve("random-seed42.trec.gz");
        int code = BenchCommand.commandLine().execute("random-run", "--dataset", DATASET.toString(),
                "--out", regenerated.toString());
        assertThat(code).isZero();
        assertThat(gunzip(regenerated)).isEqualTo(gunzip(SHIPPED));
    }

    @Test
    void everyQueryGetsAThousandDistinctCorpusDocumentsInRankOrder() throws IOException {
        List<String> lines = new String(gunzip(SHIPPED), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        // 1,200 queries (100 questions x 12 languages, dataset README) x depth 1,000.
        assertThat(lines).hasSize(1_200_000);
        Set<String> firstQueryDocs = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String[] f = lines.get(i).split(" ");
            assertThat(f[0]).isEqualTo(lines.get(0).split(" ")[0]);
            assertThat(f[3]).isEqualTo(Integer.toString(i + 1));
            assertThat(f[2]).matches("p[0-9]{3}-[a-z]{2}");
            firstQueryDocs.add(f[2]);
        }
        assertThat(firstQueryDocs).hasSize(1000);
    }

    private static byte[] gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }
}
