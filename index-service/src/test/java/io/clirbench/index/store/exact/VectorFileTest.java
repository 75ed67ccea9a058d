package io.clirbench.index.store.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.StoreFailureException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorFileTest {

    @TempDir
    Path dir;

    private final float[] vectors = {1.5f, -2f, 0f, 3.25f};
    private final PointPayload[] payloads = {new PointPayload("d1", "en", "f1"), new PointPayload("文档", "zh", "f1")};

    @Test
    void roundTripsVectorsAndPayloads() {
        Path file = dir.resolve("seg-000001.vec");
        VectorFile.write(file, 2, vectors, payloads, 2);
        VectorFile.Contents c = VectorFile.read(file);
        assertThat(c.dimension()).isEqualTo(2);
        assertThat(c.vectors()).containsExactly(vectors);
        assertThat(c.payloads()).containsExactly(payloads);
        assertThat(dir.resolve("seg-000001.vec.tmp")).doesNotExist();
    }

    @Test
    void aScanKeepsThePayloadsAndHandsTheVectorsOnRowByRow() throws Exception {
        Path file = dir.resolve("seg-000001.vec");
        VectorFile.write(file, 2, vectors, payloads, 2);
        VectorFile.Contents c = VectorFile.scan(file);
        assertThat(c.vectors()).isNull();
        assertThat(c.payloads()).containsExactly(payloads);
        java.util.List<String> rows = new java.util.ArrayList<>();
        VectorFile.forEachVector(file, c, (i, v) -> rows.add(i + ":" + v[0] + "," + v[1]));
        assertThat(rows).containsExactly("0:1.5,-2.0", "1:0.0,3.25");
        byte[] bytes = Files.readAllBytes(file);
        bytes[20] ^= 1; // a vector byte: the checksum, verified by the scan, no longer matches
        Files.write(file, bytes);
        assertThatThrownBy(() -> VectorFile.scan(file)).isInstanceOf(StoreFailureException.class)
                .hasMessageContaining("checksum mismatch");
    }

    @Test
    void layoutIsTheDocumentedOne() throws Exception {
        Path file = dir.resolve("seg-000001.vec");
        VectorFile.write(file, 2, vectors, payloads, 2);
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        assertThat(new String(bytes, 0, 7, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("CLIRVEC");
        assertThat(b.getInt(8)).isEqualTo(1);   // version
        assertThat(b.getInt(12)).isEqualTo(2);  // dimension
        assertThat(b.getInt(16)).isEqualTo(2);  // count
        assertThat(b.order(ByteOrder.LITTLE_ENDIAN).getFloat(20)).isEqualTo(1.5f);
        assertThat(b.order(ByteOrder.LITTLE_ENDIAN).getFloat(32)).isEqualTo(3.25f);
    }

    @Test
    void aFlippedByteIsReportedWithThePath() throws Exception {
        Path file = dir.resolve("seg-000001.vec");
        VectorFile.write(file, 2, vectors, payloads, 2);
        byte[] bytes = Files.readAllBytes(file);
        bytes[24] ^= 0x10; // inside the vectors
        Files.write(file, bytes);
        assertThatThrownBy(() -> VectorFile.read(file)).isInstanceOf(StoreFailureException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("checksum mismatch");
    }

    @Test
    void aTruncatedFileIsReportedWithThePath() throws Exception {
        Path file = dir.resolve("seg-000001.vec");
        VectorFile.write(file, 2, vectors, payloads, 2);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 5));
        assertThatThrownBy(() -> VectorFile.read(file)).isInstanceOf(StoreFailureException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("truncated");
    }

    @Test
    void aForeignFileIsRejected() throws Exception {
        Path file = dir.resolve("seg-000001.vec");
        Files.writeString(file, "hello, this is not a vector file at all");
        assertThatThrownBy(() -> VectorFile.read(file)).hasMessageContaining(file.toString()).hasMessageContaining("bad magic");
    }

    @Test
    void theTemporaryFileIsForcedBeforeTheRenameAndTheDirectoryAfterIt() {
        java.util.List<String> forced = new java.util.concurrent.CopyOnWriteArrayList<>();
        io.clirbench.index.store.Fsync.observeForTests(p -> forced.add(p.toAbsolutePath().toString()));
        try {
            Path file = dir.resolve("seg-000001.vec");
            VectorFile.write(file, 2, vectors, payloads, 2);
            // the data under its temporary name first, then the directory holding the new name
            assertThat(forced).containsExactly(dir.resolve("seg-000001.vec.tmp").toAbsolutePath().toString(),
                    dir.toAbsolutePath().toString());
        } finally {
            io.clirbench.index.store.Fsync.observeForTests(null);
        }
    }
}
