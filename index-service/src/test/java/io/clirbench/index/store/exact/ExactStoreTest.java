package io.clirbench.index.store.exact;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.search.ExactSearcher;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.IndexKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExactStoreTest {

    @TempDir
    Path dir;

    private final CollectionSpec spec = new CollectionSpec("c", 2, Metric.DOT, IndexKind.EXACT, 0, 0);

    private ExactStore open() {
        return new ExactStore(spec, dir, new ExactSearcher(), 1);
    }

    private static Points points(String... ids) {
        List<float[]> v = java.util.Arrays.stream(ids).map(id -> new float[] {1f, 2f}).toList();
        List<PointPayload> p = java.util.Arrays.stream(ids).map(id -> new PointPayload(id, "en", "f")).toList();
        return new Points(v, p);
    }

    @Test
    void leftoverTemporaryFilesAreDeletedOnOpen() throws Exception {
        try (ExactStore s = open()) {
            s.upsert(points("a", "b"));
        }
        Path leftover = dir.resolve("seg-000002.vec.tmp");
        Files.write(leftover, new byte[] {1, 2, 3}); // a crash in the middle of a write
        try (ExactStore s = open()) {
            assertThat(s.count()).isEqualTo(2);
        }
        assertThat(leftover).doesNotExist();
        assertThat(dir.resolve("seg-000001.vec")).exists();
    }
}
