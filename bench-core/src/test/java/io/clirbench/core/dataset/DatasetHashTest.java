package io.clirbench.core.dataset;

import static io.clirbench.core.dataset.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expected digests computed outside Java, in the directory holding these files, with
 * {@code for f in dataset.json corpus.jsonl queries.jsonl qrels.tsv; do printf '%s\n%d\n' "$f" "$(stat -c %s "$f")";
 * cat "$f"; done | sha256sum} (the definition in {@link DatasetHash}'s javadoc).
 */
class DatasetHashTest {

    static final String INFO = "{\"id\":\"h\",\"version\":\"1\"}\n";
    static final String CORPUS = "{\"_id\":\"d1\",\"text\":\"a b\",\"lang\":\"en\"}\n";
    static final String QUERIES = "{\"_id\":\"q1\",\"text\":\"a\",\"lang\":\"en\"}\n";
    static final String QRELS = "query-id\tcorpus-id\tscore\nq1\td1\t1\n";

    @TempDir
    Path dir;

    @BeforeEach
    void files() {
        write(dir.resolve("dataset.json"), INFO);
        write(dir.resolve("corpus.jsonl"), CORPUS);
        write(dir.resolve("queries.jsonl"), QUERIES);
        write(dir.resolve("qrels.tsv"), QRELS);
    }

    @Test
    void digestOfTheFourFilesAsSha256sumComputesIt() {
        assertThat(DatasetHash.of(dir))
                .isEqualTo("sha256:de33b4517ef5ea5c6afc64e1cfe1be76ca6891af22038342040e5070bcd438fe");
    }

    @Test
    void oneChangedGradeChangesTheDigest() {
        write(dir.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t0\n");
        assertThat(DatasetHash.of(dir))
                .isEqualTo("sha256:d08e1a964ac64de880252236b88804aa95918fc542861d59713ea33f6f053fcb");
    }

    @Test
    void gzippedFileIsHashedAsStoredUnderItsOwnName() throws Exception {
        Files.delete(dir.resolve("qrels.tsv"));
        Files.writeString(dir.resolve("qrels.tsv.gz"), "xyz");
        assertThat(DatasetHash.of(dir))
                .isEqualTo("sha256:3d832c4b232933a97d1d19fd35ba0c04172d657e30bd2c31850daa916080571d");
    }

    @Test
    void otherFilesDoNotCount() throws Exception {
        Files.writeString(dir.resolve("README.md"), "notes");
        assertThat(DatasetHash.of(dir))
                .isEqualTo("sha256:de33b4517ef5ea5c6afc64e1cfe1be76ca6891af22038342040e5070bcd438fe");
    }

    @Test
    void missingFileAndMissingDirectoryAreNamed() throws Exception {
        Files.delete(dir.resolve("qrels.tsv"));
        assertThatThrownBy(() -> DatasetHash.of(dir)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("qrels.tsv").hasMessageContaining(dir.toString());
        Path gone = dir.resolve("gone");
        assertThatThrownBy(() -> DatasetHash.of(gone)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining(gone.toString());
    }

    @Test
    void printedFormIsChecked() {
        assertThat(DatasetHash.isValid(DatasetHash.of(dir))).isTrue();
        assertThat(DatasetHash.isValid("sha256:xyz")).isFalse();
        assertThat(DatasetHash.isValid("de33b4517ef5ea5c6afc64e1cfe1be76ca6891af22038342040e5070bcd438fe")).isFalse();
    }
}
