package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The committed datasets/xquad-clir must be exactly what the importer produces, so it cannot drift. */
class ShippedXquadDatasetTest {

    static final Path SHIPPED = Path.of(System.getProperty("project.root"), "datasets", "xquad-clir");
    static final Path XQUAD = Path.of(System.getProperty("shared.data"), "xquad");

    @Test
    void readsBackWithoutProblems() {
        Dataset dataset = DatasetReader.read(SHIPPED);
        // shared/data/xquad/README.md: 12 languages x 240 paragraphs; 100 sampled questions x 12 languages
        assertThat(dataset.corpus()).hasSize(2880);
        assertThat(dataset.queries()).hasSize(1200);
        assertThat(dataset.qrels().size()).isEqualTo(1200);
        assertThat(dataset.info().familyExpansion()).isTrue();
    }

    @Test
    void isIdenticalToAFreshImport(@TempDir Path tmp) throws IOException {
        Path fresh = tmp.resolve("xquad-clir");
        XquadRelease.write(XQUAD, fresh, XquadImporter.DEFAULT_QUESTIONS_PER_LANGUAGE, XquadImporter.DEFAULT_SEED, false);
        assertThat(names(SHIPPED)).isEqualTo(names(fresh))
                .containsExactly("LICENSE", "README.md", "corpus.jsonl.gz", "dataset.json", "qrels.tsv.gz", "queries.jsonl.gz");
        for (String name : names(fresh)) {
            // mismatch index rather than the arrays: a megabyte of numbers is no help in a report
            assertThat(Arrays.mismatch(Files.readAllBytes(SHIPPED.resolve(name)), Files.readAllBytes(fresh.resolve(name))))
                    .as("first differing byte of %s (-1 = identical); regenerate, see datasets/xquad-clir/README.md", name)
                    .isEqualTo(-1);
        }
        assertThat(Files.readAllBytes(SHIPPED.resolve("LICENSE"))).isEqualTo(Files.readAllBytes(XQUAD.resolve("CC-BY-SA4.0.txt")));
    }

    @Test
    void decompressedContentIsIdenticalToAFreshImport(@TempDir Path tmp) throws IOException {
        // a weaker twin of the test above, kept so that a failure there can be told apart: equal
        // content with different gzip bytes means only the JDK's deflate output changed
        Path fresh = tmp.resolve("xquad-clir");
        XquadRelease.write(XQUAD, fresh, XquadImporter.DEFAULT_QUESTIONS_PER_LANGUAGE, XquadImporter.DEFAULT_SEED, false);
        for (String name : List.of("corpus.jsonl.gz", "queries.jsonl.gz", "qrels.tsv.gz")) {
            assertThat(Arrays.mismatch(content(SHIPPED.resolve(name)), content(fresh.resolve(name))))
                    .as("first differing byte of decompressed %s (-1 = identical)", name).isEqualTo(-1);
        }
    }

    private static byte[] content(Path file) throws IOException {
        try (InputStream in = LineReader.open(file)) {
            return in.readAllBytes();
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
